// Size budgets of the built panel, in bytes of gzip -9 (tools/scripts/bundleBytes.js computes
// them; journeys/bundle-budget.test.ts fails `npm test` above any of them, bench/bundle-size.js
// prints them beside the figures). Each budget is the figure measured when it was set (in the
// comment, builds of 2026-11-26) plus about 2 %, so growth is a decision: raise a budget in the
// same commit as the bytes, with the reason. The figures are of the builds `npm test` and
// `npm run bench` make, without source maps; a source-mapped build (`npm run build`) carries a
// `sourceMappingURL` comment more per file, ~40 B gzipped each, and may read over a budget here.

/**
 * What the panel's own features added to the main panel after the two libraries, measured on one
 * build (2026-11-29) against the budget above: the shared-versions runtime plugin that keeps a
 * stateful lib one per page and the remote overrides banner (shell), the identity-problem screen,
 * the live hint's changed fields and their highlight, the busy-CRM wait ('Aguardando o RD Station
 * CRM…') and the deal picker's first filter: 3952 B on the main panel, 1789 B of it in the
 * shell's start-up. Not split per feature.
 */
const PANEL_FEATURES_ADDED = 3952;
const SHELL_FEATURES_ADDED = 1789;

/**
 * Bytes won back on the main panel, each measured on one build against the build before it
 * (2026-11-29; bench/bundle-size.js prints them), and taken off the budgets below to the byte.
 */
export const MAIN_PANEL_WINS: Record<string, number> = {
  // tools/webpack/sharedLibs.js ONE_CONTAINER_ENTRIES: @crm-panel/contracts/preloads is the
  // shell's own code (one chunk, its export map and its share registration less: shell 460 B),
  // contacts' remoteEntry no longer registers @crm-panel/format/phone (58 B). 25 files → 24.
  'entries one container alone used, unshared (the shell 460, contacts 58)': 518,
  // tools/webpack/federation.js extractComments: the licenses stay in '<file>.LICENSE.txt', the
  // `/*! For license information please see … */` line at the top of five of the shell's files
  // goes (53–57 B each).
  'license banner lines (the shell)': 277,
};

/**
 * What the live stream on the api client's axios instance added (the transport's stream and
 * openApiStream, in the shell's api-client chunk), measured on the same builds: 102 B.
 */
export const LIVE_STREAM_ON_AXIOS = 102;

/**
 * What the features that landed together next added, measured on one build (2026-11-29) against
 * the figures above and not split per feature: the Novus host's waiting notice, tenant mapping
 * and diagnostics report (host-bridge's Novus adapter and the shell), the names the panel declares
 * with each write for the history (contact and channel), a write on a busy CRM waiting and sent
 * again (api-client, a notice on every page), the api contract header, each remote's own theme
 * (withPanelTheme) and the theme's size tokens. Main panel 241488 → 247731 B (+6243), of it the
 * shell's start-up 211890 → 217698 B (+5808) and the remotes 435 B.
 */
const LANDED_TOGETHER = { panel: 6243, shell: 5808 };

/**
 * What the deal's writes carrying only what RD's reference documents added, measured on one build
 * (2026-11-29) against 247733 B: the pipeline change reading the new pipeline's stages to name its
 * first, and the three pt-BR notices of what RD's API does not provide (a null source, an empty
 * contact list, a pipeline without stages). Main panel 247733 → 248044 B (+311), all of it in the
 * deal remote (the shell's start-up unchanged).
 */
const DOCUMENTED_DEAL_WRITES = 311;
const SHELL_WINS = 460 + 277;
const PANEL_WINS = Object.values(MAIN_PANEL_WINS).reduce((sum, bytes) => sum + bytes, 0);

/**
 * JS a browser downloads to show the main panel (Mariana's chat, 'Geral'): 203701 B (24 files) on
 * the router on wouter and the api client on fetch (builds of 2026-11-29), plus exactly what the
 * agreed stack's two libraries add to it, read from the source maps of the same build
 * (bench/bundle-size.js, 'main panel by library'): react-router 14057 B and axios 20481 B. Not a
 * byte more: what the panel wins back elsewhere comes off the figure, not onto the budget.
 * Measured with them: 236062 B (25 files; 2177 B under, the wouter adapters and the fetch
 * transport gone). Before: 216034 B before wouter and the form-only fields out of the ui, 250640 B
 * before the federation runtime was kept to one copy per page. Then the features below
 * (PANEL_FEATURES_ADDED): measured 242190 B (builds of 2026-11-29). Then the wins
 * (MAIN_PANEL_WINS, −795 B) and the live stream on axios (+102 B): measured 241488 B, 24 files.
 */
export const MAIN_PANEL_BUDGET =
  203701 +
  14057 +
  20481 +
  PANEL_FEATURES_ADDED -
  PANEL_WINS +
  LIVE_STREAM_ON_AXIOS +
  LANDED_TOGETHER.panel +
  DOCUMENTED_DEAL_WRITES;

/**
 * The shell's part of it, its code and the shared modules it provides: 176202 B before the two
 * libraries, plus the same 14057 B + 20481 B (both come from the shell's shared modules: the
 * router entry and api-client); measured 208485 B with them, 212529 B with the features above,
 * 211890 B with the wins and the live stream above (the shell's parts of them).
 */
export const SHELL_STARTUP_BUDGET =
  176202 +
  14057 +
  20481 +
  SHELL_FEATURES_ADDED -
  SHELL_WINS +
  LIVE_STREAM_ON_AXIOS +
  LANDED_TOGETHER.shell;

/**
 * Copies of the federation runtime downloaded on the main panel: measured 1 (the shell's; each
 * remote's containers use it, tools/webpack/federation.js).
 */
export const FEDERATION_RUNTIME_COPIES_BUDGET = 1;

/**
 * Each remote's remoteEntry.js, without the federation runtime (runtime-core), which the page
 * provides: the shell in the panel, the remote's own federation-runtime.<hash>.js (13 KB gz) on
 * its standalone page.
 */
export const REMOTE_ENTRY_BUDGET: Record<string, number> = {
  // Each entry carries the shared-versions runtime plugin (tools/webpack/sharedVersionsPlugin.mjs:
  // a compatible copy of each workspace lib, a stateful one refused in the remote's area), about
  // 600–970 B; before it: deal 8885, notes 9104, tasks 8820, products 8863, contacts 9018,
  // credentials 9209 B.
  // measured 9860 B (9.6 KB)
  deal: 10057,
  // measured 10081 B (9.8 KB); 9900 B without @crm-panel/format/sanitize and dompurify shared
  // (their registrations and consumes, −181 B: off the budget).
  notes: 10279 - 181,
  // measured 9789 B (9.6 KB)
  tasks: 9985,
  // measured 9828 B (9.6 KB)
  products: 10025,
  // measured 9927 B (9.7 KB); 9865 B without @crm-panel/format/phone shared (−62 B: off the
  // budget).
  contacts: 10129 - 62,
  // measured 10163 B (9.9 KB)
  credentials: 10366,
};

/**
 * Each exposed module with the chunks its manifest lists, less those only the container's shared
 * modules load (builds of 2026-11-29). Those come with the shared module, from the shell in the
 * panel: the manifest lists, e.g., the split vendor chunk of a remote's own api-client (axios) as
 * every exposed module's async chunk, which no page of the panel downloads with it. Figures were
 * higher before for the same reason (deal/DealToolbar 8933 B with its share of react-query's).
 */
/**
 * Budgets last set on the build of the features that landed together (2026-11-29), measured + 2 %.
 * The credentials pages grew 0.5–7.7 KB with the sign-in's confirmation page, the Novus
 * diagnostics view and mapping form and the history's names (their code is in the pages' shared
 * chunk). DealToolbar, TasksTab, ProductsTab, ContactHeader and NotesTab grew 1.7–6.4 KB by
 * this count only: since the Novus work the manifests list a sibling exposed module's chunk among
 * their async assets, while the main panel, measured in the browser, downloads 435 B more across
 * all its remotes; why webpack's chunk graph lists them was not found.
 */
export const EXPOSED_MODULE_BUDGET: Record<string, number> = {
  // The credentials pages share the form's chunk: the operator's setup code field and the
  // manager's live-updates row added about 0.5–1.2 KB to each (before: CredentialsNeeded 17065,
  // CredentialsSetupPage and CredentialsManagerPage 25722, RemoveIntegrationPage 29255,
  // AuthPopupPage 16677 B).
  // measured 2345 B (2.3 KB)
  // measured 5808 B on the build of the features that landed together (see below)
  'deal/DealToolbar': 5952,
  // measured 3431 B (3.4 KB)
  // measured 3632 B on the build of the features that landed together (see below)
  // measured 3821 B with the deal writes RD documents (DOCUMENTED_DEAL_WRITES above)
  'deal/DealGeneralTab': 3897,
  // measured 8952 B (8.7 KB)
  // measured 9440 B on the build of the features that landed together (see below)
  // measured 9754 B with the deal writes RD documents: the toolbar's chunk it lists (the last
  // contact's notice) and the deal schemas' chunk (DOCUMENTED_DEAL_WRITES above)
  'deal/DealCreateForm': 9949,
  // measured 3197 B (3.1 KB); with @crm-panel/format/sanitize, dompurify
  // (this container's alone) in the module's own chunks, not a shared one's: +12159 B. The page
  // downloads less in all: 15608 B with the shared module, 15360 B now.
  // measured 21742 B on the build of the features that landed together (see below)
  'notes/NotesTab': 22208,
  // measured 3653 B (3.6 KB)
  'notes/NoteCreateForm': 3840,
  // measured 5353 B (5.2 KB); with @crm-panel/format/sanitize, dompurify
  // (this container's alone) in the module's own chunks, not a shared one's: +12168 B. The page
  // downloads less in all: 17771 B with the shared module, 17532 B now.
  'notes/NoteViewForm': 5632 + 12168,
  // measured 2520 B (2.5 KB)
  // measured 5904 B on the build of the features that landed together (see below)
  'tasks/TasksTab': 6048,
  // measured 3230 B (3.2 KB)
  'tasks/TaskForm': 3328,
  // measured 2703 B (2.6 KB)
  // measured 7565 B on the build of the features that landed together (see below)
  'products/ProductsTab': 7744,
  // measured 4655 B (4.5 KB)
  'products/ProductForm': 4864,
  // measured 1988 B (1.9 KB)
  // measured 3718 B on the build of the features that landed together (see below)
  'contacts/ContactHeader': 3808,
  // measured 4502 B (4.4 KB); with @crm-panel/format/phone (libphonenumber,
  // this container's alone) in the module's own chunks, not a shared one's: +28995 B. The page
  // downloads less in all: 33741 B with the shared module, 33495 B now.
  // measured 35386 B on the build of the features that landed together (see below)
  'contacts/ContactLinkingPage': 36096,
  // measured 8025 B (7.8 KB); with @crm-panel/format/phone (libphonenumber,
  // this container's alone) in the module's own chunks, not a shared one's: +28995 B. The page
  // downloads less in all: 37275 B with the shared module, 37029 B now.
  // measured 37429 B on the build of the features that landed together (see below)
  'contacts/ContactEditForm': 38208,
  // measured 17550 B (17.1 KB)
  // measured 21509 B on the build of the features that landed together (see below)
  'credentials/CredentialsNeeded': 21952,
  // measured 3771 B (3.7 KB)
  // measured 4810 B on the build of the features that landed together (see below)
  'credentials/TermsPage': 4928,
  // measured 26751 B (26.1 KB)
  // measured 33595 B on the build of the features that landed together (see below)
  'credentials/CredentialsSetupPage': 34272,
  // measured 26751 B (26.1 KB)
  // measured 27821 B on the build of the features that landed together (see below)
  'credentials/CredentialsManagerPage': 28384,
  // measured 30407 B (29.7 KB)
  // measured 38175 B on the build of the features that landed together (see below)
  'credentials/RemoveIntegrationPage': 38944,
  // measured 4220 B (4.1 KB)
  // measured 5354 B on the build of the features that landed together (see below)
  'credentials/LoginPromptPage': 5472,
  // measured 4825 B (4.7 KB)
  // measured 5948 B on the build of the features that landed together (see below)
  'credentials/LoginPage': 6080,
  // measured 17462 B (17.1 KB)
  // measured 22293 B on the build of the features that landed together (see below)
  'credentials/AuthPopupPage': 22752,
};
