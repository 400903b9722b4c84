// Which copy of a workspace lib a container gets at run time (the decision of
// sharedVersionsPlugin.mjs, kept apart from the federation runtime so it is tested alone).
//
// Every workspace lib has a version (libs/<lib>/package.json) and every container a range it
// needs (apps/<app>/package.json `dependencies`). The page may hold several builds of a lib; a
// container asking for one of its entries (`@crm-panel/ui`, `@crm-panel/ui/fields`, …) gets:
// - the copy the page already runs (any entry of the same lib loaded or loading), when its
//   version is in the range: one copy per page where possible;
// - a lib that holds page state (package.json `sharing.onePerPage`): the page's copy or nothing.
//   Another version in the page → refused (the container's area shows its error), never mixed;
//   nothing loaded yet → the highest registered version in the range (the shell loads these at
//   start, so a remote nearly always finds the shell's copy);
// - a stateless lib with no compatible copy loaded: the container's own build.

/** Builds from before libs carried versions share them as 0.0.0 with no range: they were built
 * against the API released as 1.0.0, so that is what they need. */
export const UNVERSIONED_NEED = '^1.0.0';

/** `@crm-panel/ui/fields` → `@crm-panel/ui`; null for a package that is not a workspace lib. */
export function libOf(pkgName) {
  const match = /^(@crm-panel\/[^/]+)(\/|$)/.exec(pkgName);
  return match ? match[1] : null;
}

/** The range a container declared; an unversioned build's `false` or '0.0.0' reads as 1.0.0's. */
export function needOf(requiredVersion, ownVersion) {
  if (typeof requiredVersion === 'string' && requiredVersion !== '' && ownVersion !== '0.0.0') {
    return requiredVersion;
  }
  return UNVERSIONED_NEED;
}

/** A version the page is using (an unversioned build's 0.0.0 counts as 1.0.0, see above). */
export function effectiveVersion(version) {
  return version === '0.0.0' || version === '0' ? '1.0.0' : version;
}

/**
 * @param {object} request
 * @param {string} request.pkgName            the shared key asked for
 * @param {string|false|undefined} request.requiredVersion  the asking container's range
 * @param {string} request.ownVersion         the version the asking container was built with
 * @param {boolean} request.onePerPage        the lib holds page state
 * @param {Record<string, Record<string, {loaded?: unknown, loading?: unknown, lib?: unknown, from?: string}>>} request.scope
 *        the share scope: key → version → registration
 * @param {(version: string, range: string) => boolean} satisfy
 * @returns {{ kind: 'use', version: string } | { kind: 'own' } |
 *   { kind: 'refuse', pageVersion: string, pageFrom: string, need: string }}
 */
export function decideShare({ pkgName, requiredVersion, ownVersion, onePerPage, scope }, satisfy) {
  const lib = libOf(pkgName);
  const need = needOf(requiredVersion, ownVersion);
  const fits = (version) => satisfy(effectiveVersion(version), need);
  const inUse = (entry) =>
    Boolean(entry.loaded) || Boolean(entry.loading) || typeof entry.lib === 'function';
  // Every version any entry of this lib is running with in the page.
  const pageCopies = Object.entries(scope)
    .filter(([key]) => libOf(key) === lib)
    .flatMap(([, versions]) =>
      Object.entries(versions)
        .filter(([, entry]) => inUse(entry))
        .map(([version, entry]) => ({ version, from: entry.from ?? '?' })),
    );
  const registered = Object.keys(scope[pkgName] ?? {});
  const byVersionDesc = (a, b) =>
    satisfy(effectiveVersion(a), `>${effectiveVersion(b)}`)
      ? -1
      : satisfy(effectiveVersion(b), `>${effectiveVersion(a)}`)
        ? 1
        : 0;

  const compatible = pageCopies.filter((copy) => fits(copy.version));
  if (compatible.length) {
    const version = compatible.map((copy) => copy.version).sort(byVersionDesc)[0];
    if (registered.includes(version)) return { kind: 'use', version };
    // A stateful lib's own copy beside the page's would be a second instance.
    if (!onePerPage) return { kind: 'own' };
  }
  if (onePerPage) {
    const [page] = compatible.length ? compatible : pageCopies;
    if (page) return { kind: 'refuse', pageVersion: page.version, pageFrom: page.from, need };
    const best = registered.filter(fits).sort(byVersionDesc)[0];
    return best ? { kind: 'use', version: best } : { kind: 'own' };
  }
  return registered.includes(ownVersion) ? { kind: 'use', version: ownVersion } : { kind: 'own' };
}

/** The log line of a refusal: both versions and who brought them. */
export function refusalLog({ container, pkgName, ownVersion, need, pageVersion, pageFrom }) {
  return (
    `[federação] ${container} foi construído com ${pkgName} ${ownVersion} (precisa de ${need}), ` +
    `mas a página já usa ${pkgName} ${pageVersion} (carregado por ${pageFrom}). ` +
    'Esta biblioteca guarda estado e é uma só por página: a área de ' +
    `${container} foi recusada em vez de misturar as duas versões.`
  );
}

/** Marks an error as this refusal, for the shell's area (apps/shell, RemoteModule). */
export const INCOMPATIBLE_SHARED_LIB = 'INCOMPATIBLE_SHARED_LIB';
