#!/usr/bin/env node
// The public surface of every shared workspace lib, as the TypeScript compiler sees it: each
// entry's exported names with their types (members of exported interfaces and type aliases
// spelled out). Kept per lib in libs/<lib>/public-api.json beside the lib's version, so a change
// of what a lib exports without a new version fails `npm test` (libApi.test.js): the shell and
// the remotes pick copies by version at run time (tools/webpack/sharedVersions.mjs), and a
// version must mean one surface.
//
// `node tools/scripts/libApi.js` writes the files again, after the version in the lib's
// package.json went up enough: a major for a name removed or changed, a minor for a name added.
const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const semver = require('semver');
const { sharedLibEntries, sharedLibs } = require('../webpack/sharedLibs');

const root = path.resolve(__dirname, '../..');
const SNAPSHOT = 'public-api.json';

function compilerOptions() {
  const file = path.join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { ...options, noEmit: true, skipLibCheck: true };
}

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrowStyleSignature;

/** A type as text, its unions in one order (canonicalTypeText). */
const typeText = (checker, type, flags = FLAGS) =>
  unnamedBindings(canonicalTypeText(checker.typeToString(type, undefined, flags)));

/**
 * A signature's destructured parameter (`({label, error, ...rest}: Props) => …`) as the one
 * parameter it is (`(props: Props) => …`). The compiler prints the names a function's body
 * takes apart, which are its own business: a caller passes the same `Props` whatever the body
 * picks out of them.
 */
function unnamedBindings(text) {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const before = out.trimEnd().slice(-1);
    if (text[i] !== '{' || (before !== '(' && before !== ',')) {
      out += text[i];
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < text.length; j += 1) {
      if (text[j] === '{') depth += 1;
      else if (text[j] === '}' && --depth === 0) break;
    }
    if (/^\??: /.test(text.slice(j + 1))) {
      out += 'props';
      i = j;
    } else out += text[i];
  }
  return out;
}

const OPEN = '([{<';
const CLOSE = ')]}>';

/** `text` cut at each `separator` outside brackets (an arrow's `=>` is no bracket). */
function splitTop(text, separator) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    } else if (text.startsWith('=>', i)) i += 1;
    else if (OPEN.includes(text[i])) depth += 1;
    else if (CLOSE.includes(text[i])) depth -= 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/** The insides of every bracket of `text` made canonical, the brackets kept. */
function canonicalGroups(text) {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    if (text.startsWith('=>', i)) {
      out += '=>';
      i += 1;
    } else if (!OPEN.includes(text[i])) out += text[i];
    else {
      let depth = 0;
      let j = i;
      for (; j < text.length; j += 1) {
        if (text.startsWith('=>', j)) j += 1;
        else if (OPEN.includes(text[j])) depth += 1;
        else if (CLOSE.includes(text[j]) && --depth === 0) break;
      }
      out += text[i] + canonicalTypeText(text.slice(i + 1, j), text[i] === '{') + (text[j] ?? '');
      i = j;
    }
  }
  return out;
}

/** One type: an arrow's parameters and result, or a union with its members sorted. */
function canonicalType(text) {
  const [params, ...result] = splitTop(text, '=>');
  if (result.length)
    return `${canonicalType(params.trim())} => ${canonicalType(result.join('=>').trim())}`;
  const members = splitTop(text, '|').map((member) => canonicalGroups(member.trim()));
  return members.sort().join(' | ');
}

/**
 * A type's text with the members of every union and object type in one order (sorted), at every
 * depth. The compiler prints both in the order it happened to create their members and names, so
 * a new literal anywhere in the program (a schema's enum, say) reorders the text of unrelated
 * types; the surface is the same type, and must read the same.
 */
function canonicalTypeText(text, objectMembers = false) {
  const members = splitTop(text, ';')
    .map((member) => member.trim())
    .filter((member) => member !== '')
    .map((member) =>
      splitTop(member, ',')
        .map((item) => {
          const [name, ...type] = splitTop(item.trim(), ':');
          return type.length && splitTop(name, '=>').length === 1
            ? `${canonicalGroups(name.trim())}: ${canonicalType(type.join(':').trim())}`
            : canonicalType(item.trim());
        })
        .join(', '),
    );
  // An object type's members, too, come in the order the compiler met their names.
  return (objectMembers ? members.sort() : members).join('; ');
}

/** Long type texts (a styled component's type runs to thousands of characters) by their hash:
 * still a different text when the type changes, without a file of megabytes. */
const LONGEST = 1000;
/**
 * An interface's or object type's members are read one by one (an interface that only gained
 * optional members is a minor): spelled out up to this length, so a grown interface is not a hash.
 */
const LONGEST_MEMBERS = 4000;
const hashOf = (text) =>
  require('crypto').createHash('sha256').update(text).digest('hex').slice(0, 16);
function brief(absolute) {
  // The compiler names types out of scope by absolute path: relative to the workspace here. It
  // names well-known symbols' members with the symbol's id in this program (`__@iterator@62`),
  // which moves when any source file is added: the name alone.
  const text = absolute
    .split(`${root}/`)
    .join('')
    .replace(/(__@\w+)@\d+/g, '$1');
  if (text.length <= LONGEST) return text;
  if (text.length <= LONGEST_MEMBERS && membersOf(text)) return text;
  return `${text.slice(0, 120)}… (${text.length} caracteres, sha256 ${hashOf(text)})`;
}

/** One exported name as text: its kind and type; an interface or alias with its members. */
function describe(checker, exported) {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const parts = [];
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const params = (type.aliasTypeArguments ?? type.typeParameters ?? []).map((p) =>
      typeText(checker, p),
    );
    const members = checker.getPropertiesOfType(type).map((member) => {
      const declaration = member.valueDeclaration ?? member.declarations?.[0];
      const optional = member.flags & ts.SymbolFlags.Optional ? '?' : '';
      const memberType = declaration
        ? typeText(checker, checker.getTypeOfSymbolAtLocation(member, declaration))
        : '?';
      // A well-known symbol's member reads `__@iterator@<id>`: the id is the compiler's count.
      return `${member.name.replace(/^(__@\w+)@\d+$/, '$1')}${optional}: ${memberType}`;
    });
    parts.push(
      `type${params.length ? `<${params.join(', ')}>` : ''} ${typeText(checker, type, FLAGS | ts.TypeFormatFlags.InTypeAlias)}` +
        (members.length && !(type.flags & ts.TypeFlags.Union)
          ? ` { ${members.sort().join('; ')} }`
          : ''),
    );
  }
  const declaration = symbol.valueDeclaration;
  if (declaration) {
    const kind = symbol.flags & ts.SymbolFlags.Class ? 'class' : 'value';
    parts.push(
      `${kind} ${typeText(checker, checker.getTypeOfSymbolAtLocation(symbol, declaration))}`,
    );
  }
  return brief(parts.join(' & ') || 'namespace');
}

/** `{ [lib]: { [entryKey]: { [name]: text } } }` of every shared lib, from the sources now. */
function currentSurfaces() {
  const entries = sharedLibEntries();
  const program = ts.createProgram(
    entries.map(({ entry }) => path.join(root, entry)),
    compilerOptions(),
  );
  const checker = program.getTypeChecker();
  const surfaces = {};
  for (const { key, lib, entry } of entries) {
    const source = program.getSourceFile(path.join(root, entry));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry}: o compilador não vê o módulo.`);
    const names = {};
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      names[exported.name] = describe(checker, exported);
    }
    surfaces[lib] ??= {};
    surfaces[lib][key] = Object.fromEntries(
      Object.entries(names).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  }
  return surfaces;
}

function snapshotFile(folder) {
  return path.join(root, 'libs', folder, SNAPSHOT);
}

function readSnapshot(folder) {
  const file = snapshotFile(folder);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** An interface's members as `{ name: 'text' }` (`name?` for optional ones), or null. */
function membersOf(description) {
  const match = /^type \w+ \{ (.*) \}$/.exec(description);
  if (!match) return null;
  const members = {};
  let depth = 0;
  let start = 0;
  const body = match[1];
  for (let i = 0; i <= body.length; i += 1) {
    const ch = body[i];
    if (ch === '{' || ch === '(' || ch === '[' || ch === '<') depth += 1;
    // The `>` of a function type's `=>` closes nothing.
    else if (ch === '}' || ch === ')' || ch === ']' || (ch === '>' && body[i - 1] !== '='))
      depth -= 1;
    else if ((ch === ';' && depth === 0) || i === body.length) {
      const member = body.slice(start, i).trim();
      start = i + 1;
      if (!member) continue;
      const colon = member.indexOf(':');
      if (colon < 0) return null;
      members[member.slice(0, colon).trim()] = member.slice(colon + 1).trim();
    }
  }
  return members;
}

/** Whether an interface only gained optional members: what read it before reads it the same. */
function onlyOptionalAdded(was, now) {
  const before = membersOf(was);
  const after = membersOf(now);
  if (!before || !after) return false;
  for (const [name, type] of Object.entries(before)) if (after[name] !== type) return false;
  return Object.keys(after).every((name) => name in before || name.endsWith('?'));
}

/** A text recorded by its hash (longer than was spelled out then) that is the same text now. */
function sameAsHashed(was, now) {
  const recorded = / \((\d+) caracteres, sha256 ([0-9a-f]{16})\)$/.exec(was);
  return recorded !== null && now.length === Number(recorded[1]) && hashOf(now) === recorded[2];
}

/**
 * What changed between two surfaces of one lib: names removed, changed and added (an interface
 * that only gained optional members counts as added: a minor). With the lib's
 * two versions, a constant that is the lib's own version (the contract's `CONTRACT_VERSION`) and
 * moves with it is not a change of surface: it says which version this is.
 */
function compare(before, after, versions) {
  const followsVersion = (was, now) =>
    versions !== undefined &&
    was === `value ${JSON.stringify(versions.before)}` &&
    now === `value ${JSON.stringify(versions.after)}`;
  const removed = [];
  const changed = [];
  const added = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? {};
    const now = after[key] ?? {};
    for (const name of Object.keys(was)) {
      if (!(name in now)) removed.push(`${key}: ${name}`);
      else if (
        unnamedBindings(was[name]) === unnamedBindings(now[name]) ||
        followsVersion(was[name], now[name]) ||
        sameAsHashed(was[name], now[name])
      )
        continue;
      else if (onlyOptionalAdded(was[name], now[name])) added.push(`${key}: ${name}`);
      else changed.push(`${key}: ${name}`);
    }
    for (const name of Object.keys(now)) if (!(name in was)) added.push(`${key}: ${name}`);
  }
  return { removed, changed, added };
}

/** The smallest bump the change needs: 'major', 'minor' or null (same surface). */
function bumpNeeded({ removed, changed, added }) {
  if (removed.length || changed.length) return 'major';
  return added.length ? 'minor' : null;
}

/** Is `to` at least a `bump` over `from` (semver.diff order: major > minor > patch)? */
function bumpedEnough(from, to, bump) {
  if (!bump) return true;
  if (!semver.gt(to, from)) return false;
  const diff = semver.diff(from, to);
  if (bump === 'major') return diff === 'major' || diff === 'premajor';
  return diff !== 'patch' && diff !== 'prepatch' && diff !== 'prerelease';
}

function write() {
  const surfaces = currentSurfaces();
  const problems = [];
  for (const lib of Object.values(sharedLibs())) {
    const before = readSnapshot(lib.folder);
    const surface = surfaces[lib.name];
    if (before) {
      const bump = bumpNeeded(
        compare(before.entries, surface, { before: before.version, after: lib.version }),
      );
      if (!bumpedEnough(before.version, lib.version, bump)) {
        problems.push(
          `${lib.name}: a API mudou (${bump}) e a versão foi de ${before.version} para ${lib.version}; ` +
            `aumente a versão em libs/${lib.folder}/package.json.`,
        );
        continue;
      }
    }
    fs.writeFileSync(
      snapshotFile(lib.folder),
      `${JSON.stringify({ version: lib.version, entries: surface }, null, 2)}\n`,
    );
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

module.exports = {
  canonicalTypeText,
  unnamedBindings,
  currentSurfaces,
  readSnapshot,
  compare,
  bumpNeeded,
  bumpedEnough,
  SNAPSHOT,
};

if (require.main === module) write();
