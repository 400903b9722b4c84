// No module of the workspace may reach itself through its imports (docs/ARCHITECTURE.md, 'Module
// boundaries'). A cycle makes the order in which modules initialise depend on which one is
// imported first, and two modules that import each other are one module in two files: neither
// can be read, tested or moved alone. Type-only imports count too: `import { type X }` ties the two
// files' designs together as much as a value does, even though the compiler erases it. That is
// why this is not eslint-plugin-import(-x)'s `no-cycle`: it ignores type-only imports by design
// ("This rule ignores type-only imports in Flow and TypeScript syntax"), and has no option to count them.
//
// TypeScript itself reads the imports (`ts.createSourceFile`) and resolves them
// (`ts.resolveModuleName` with tsconfig.base.json's paths), so the rule sees exactly the graph the
// compiler and the builds see. Dynamic `import()` is not an edge: it loads on demand, after both
// modules have initialised, which is how the shell reaches its remotes.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { workspaceRoot } from './projects.mjs';

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function compilerOptions(root) {
  const configFile = path.join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { ...options, allowJs: true, resolveJsonModule: false };
}

/** The module specifiers a file imports statically: import/export … from, import = require, require(). */
function specifiersOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const name = literal(node.moduleSpecifier);
      if (name) found.push(name);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        const name = literal(node.moduleReference.expression);
        if (name) found.push(name);
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'require' &&
      node.arguments.length === 1
    ) {
      const name = literal(node.arguments[0]);
      if (name) found.push(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The workspace's import graph, read lazily and kept per file while its mtime holds (one lint run
 * reads each file once; an editor's long-lived process sees edits).
 */
export function createImportGraph(root = workspaceRoot) {
  const options = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  const moduleCache = ts.createModuleResolutionCache(root, (name) => name, options);
  const edges = new Map();

  const inWorkspace = (file) =>
    file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);

  const resolve = (specifier, from) => {
    const { resolvedModule } = ts.resolveModuleName(specifier, from, options, host, moduleCache);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
    const file = path.resolve(resolvedModule.resolvedFileName);
    return inWorkspace(file) && SOURCE.test(file) && !file.endsWith('.d.ts') ? file : null;
  };

  function importsOf(file) {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return [];
    }
    const known = edges.get(file);
    if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
    const text = fs.readFileSync(file, 'utf8');
    const imports = [
      ...new Set(
        specifiersOf(file, text)
          .map((specifier) => resolve(specifier, file))
          .filter((target) => target !== null && target !== file),
      ),
    ];
    edges.set(file, { mtimeMs: stat.mtimeMs, imports });
    return imports;
  }

  /** The shortest chain of imports from `file` back to itself, or null when it has none. */
  function cycleThrough(file) {
    const start = path.resolve(file);
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const current = queue.shift();
      for (const next of importsOf(current)) {
        if (next === start) {
          const chain = [start];
          for (let at = current; at !== start; at = previous.get(at)) chain.splice(1, 0, at);
          return [...chain, start];
        }
        if (!previous.has(next)) {
          previous.set(next, current);
          queue.push(next);
        }
      }
    }
    return null;
  }

  return { importsOf, cycleThrough, resolve };
}

let sharedGraph = null;

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'A module may not reach itself through its imports (type imports too).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!SOURCE.test(file) || !path.resolve(file).startsWith(workspaceRoot + path.sep)) return {};
    return {
      'Program:exit'(node) {
        sharedGraph ??= createImportGraph(workspaceRoot);
        const cycle = sharedGraph.cycleThrough(file);
        if (!cycle) return;
        const chain = cycle.map((step) => path.relative(workspaceRoot, step)).join(' → ');
        // Point at the import that starts the cycle, when it is a declaration of this file.
        const first = node.body.find(
          (statement) =>
            typeof statement.source?.value === 'string' &&
            sharedGraph.resolve(statement.source.value, path.resolve(file)) === cycle[1],
        );
        context.report({
          node: first ?? node,
          message: `Import cycle: ${chain}. Move what both need to one module they import.`,
        });
      },
    };
  },
};

export default {
  meta: { name: 'crm-panel-cycles' },
  rules: { 'no-import-cycle': noImportCycle },
};
