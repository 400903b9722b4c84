import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The simulator's browser code is TypeScript served as ES modules, transpiled per request (no
// bundler). Workspace aliases and extensionless relative imports are rewritten to URLs under
// /modules/<root>/…, so the page can import the same contract code host-bridge uses.

export const WORKSPACE_ROOT = path.resolve(__dirname, '../../../..');
export const MODULES_PREFIX = '/modules';

/** URL root name → folder. Only these folders are ever served. */
export type ModuleRoots = Record<string, string>;

export const DEFAULT_MODULE_ROOTS: ModuleRoots = {
  client: path.join(WORKSPACE_ROOT, 'tools/host-sim/src/client'),
  contracts: path.join(WORKSPACE_ROOT, 'libs/contracts/src'),
  'crm-model': path.join(WORKSPACE_ROOT, 'libs/crm-model/src'),
};

/** Bare imports the browser code may use: tools may depend on contracts and crm-model only. */
const ALIASES: Record<string, string> = {
  '@crm-panel/contracts': `${MODULES_PREFIX}/contracts/index.js`,
  '@crm-panel/crm-model': `${MODULES_PREFIX}/crm-model/index.js`,
};

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  isolatedModules: true,
  sourceMap: false,
};

export class ModuleNotFoundError extends Error {}

interface CacheEntry {
  mtimeMs: number;
  code: string;
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export interface ModuleServer {
  /** JavaScript for `/modules/<root>/<path>.js`; throws ModuleNotFoundError. */
  module(urlPath: string): string;
  /** A self-contained classic script (no imports at run time), e.g. the host SDK. */
  classicScript(file: string): string;
}

export function createModuleServer(roots: ModuleRoots = DEFAULT_MODULE_ROOTS): ModuleServer {
  const cache = new Map<string, CacheEntry>();

  function fileToUrl(file: string): string | null {
    for (const [name, folder] of Object.entries(roots)) {
      if (isInside(folder, file)) {
        const relative = path.relative(folder, file).split(path.sep).join('/');
        return `${MODULES_PREFIX}/${name}/${relative.replace(/\.tsx?$/, '.js')}`;
      }
    }
    return null;
  }

  function resolveRelative(specifier: string, importer: string): string {
    const base = path.resolve(path.dirname(importer), specifier.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
      if (fs.existsSync(candidate)) {
        const url = fileToUrl(candidate);
        if (url) return url;
      }
    }
    throw new ModuleNotFoundError(
      `'${specifier}' (importado por ${importer}) não pode ser servido`,
    );
  }

  function rewrite(specifier: string, importer: string): string {
    if (specifier.startsWith('.')) return resolveRelative(specifier, importer);
    const alias = ALIASES[specifier];
    if (alias) return alias;
    throw new ModuleNotFoundError(
      `Import '${specifier}' não é permitido no navegador (${importer})`,
    );
  }

  function rewriteSpecifiers(importer: string): ts.TransformerFactory<ts.SourceFile> {
    return (context) => (sourceFile) => {
      const { factory } = context;
      const visit = (node: ts.Node): ts.Node => {
        if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
          return factory.updateImportDeclaration(
            node,
            node.modifiers,
            node.importClause,
            factory.createStringLiteral(rewrite(node.moduleSpecifier.text, importer)),
            node.attributes,
          );
        }
        if (
          ts.isExportDeclaration(node) &&
          node.moduleSpecifier &&
          ts.isStringLiteral(node.moduleSpecifier)
        ) {
          return factory.updateExportDeclaration(
            node,
            node.modifiers,
            node.isTypeOnly,
            node.exportClause,
            factory.createStringLiteral(rewrite(node.moduleSpecifier.text, importer)),
            node.attributes,
          );
        }
        return node;
      };
      return ts.visitEachChild(sourceFile, visit, context);
    };
  }

  function compile(file: string, transform: (source: string) => string): string {
    const { mtimeMs } = fs.statSync(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.code;
    const code = transform(fs.readFileSync(file, 'utf8'));
    cache.set(file, { mtimeMs, code });
    return code;
  }

  return {
    module(urlPath) {
      const match = /^\/modules\/([a-z-]+)\/([\w./-]+)\.js$/.exec(urlPath);
      const folder = match?.[1] ? roots[match[1]] : undefined;
      if (!match?.[2] || !folder || match[2].split('/').includes('..')) {
        throw new ModuleNotFoundError(urlPath);
      }
      const file = path.join(folder, `${match[2]}.ts`);
      if (!isInside(folder, file) || /\.(test|spec)\.ts$/.test(file) || !fs.existsSync(file)) {
        throw new ModuleNotFoundError(urlPath);
      }
      return compile(
        file,
        (source) =>
          ts.transpileModule(source, {
            compilerOptions: COMPILER_OPTIONS,
            fileName: file,
            transformers: { after: [rewriteSpecifiers(file)] },
          }).outputText,
      );
    },
    classicScript(file) {
      return compile(file, (source) => {
        const output = ts.transpileModule(source, {
          compilerOptions: COMPILER_OPTIONS,
          fileName: file,
        }).outputText;
        // Type-only imports leave `export {};` behind: meaningless (and invalid) in a classic script.
        const script = output.replace(/^export \{\};\s*$/m, '');
        if (/^\s*(import|export)\b/m.test(script)) {
          throw new Error(
            `${file} precisa ser um script clássico, sem import/export em tempo de execução`,
          );
        }
        return script;
      });
    },
  };
}
