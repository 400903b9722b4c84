// Reads every project.json of the workspace: its root folder and its tags.
import fs from 'node:fs';
import path from 'node:path';

export const workspaceRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function readProjects(root = workspaceRoot) {
  const projects = [];
  const bench = path.join(root, 'bench', 'project.json');
  if (fs.existsSync(bench)) {
    const json = JSON.parse(fs.readFileSync(bench, 'utf8'));
    projects.push({ name: json.name, root: path.join(root, 'bench'), tags: json.tags ?? [] });
  }
  for (const group of ['apps', 'libs', 'tools']) {
    const dir = path.join(root, group);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir)) {
      const file = path.join(dir, entry, 'project.json');
      if (!fs.existsSync(file)) continue;
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      projects.push({ name: json.name, root: path.join(dir, entry), tags: json.tags ?? [] });
    }
  }
  return projects;
}
