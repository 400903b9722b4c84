// api-client owns the panel's writes and its cache rules (libs/api-client/src/writes): an app calls
// a write hook (useUpdateDeal, useCreateNote…) or a named cache reaction (usePanelCache), never
// TanStack Query's mutation or cache API itself. Reads (useQuery with api-client's query options)
// stay in the apps.

const MUTATION_API = new Set([
  'useMutation',
  'useQueryClient',
  'useIsMutating',
  'useMutationState',
  'QueryClient',
  'QueryCache',
  'MutationCache',
]);
const CACHE_METHODS = new Set([
  'setQueryData',
  'setQueriesData',
  'getQueryData',
  'getQueriesData',
  'invalidateQueries',
  'refetchQueries',
  'removeQueries',
  'resetQueries',
  'cancelQueries',
  'fetchQuery',
  'prefetchQuery',
  'ensureQueryData',
  'fetchInfiniteQuery',
  'prefetchInfiniteQuery',
  'ensureInfiniteQueryData',
]);

const noCacheApi = {
  meta: {
    type: 'problem',
    docs: { description: "Apps use api-client's write hooks and cache reactions" },
    schema: [],
    messages: {
      mutationImport:
        "'{{name}}' belongs to api-client: call its write hook (e.g. useUpdateDeal), usePanelCache() or a contract preload instead.",
      cacheCall:
        "'{{name}}' belongs to api-client: use its write hooks, usePanelCache() or useFetchQuery().",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.source.value !== '@tanstack/react-query') return;
        for (const specifier of node.specifiers) {
          const name = specifier.type === 'ImportSpecifier' ? specifier.imported.name : null;
          if (name && MUTATION_API.has(name)) {
            context.report({ node: specifier, messageId: 'mutationImport', data: { name } });
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = callee.property.name;
        if (CACHE_METHODS.has(name)) {
          context.report({ node: callee.property, messageId: 'cacheCall', data: { name } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'crm-panel-cache' },
  rules: { 'no-cache-api-in-apps': noCacheApi },
};
