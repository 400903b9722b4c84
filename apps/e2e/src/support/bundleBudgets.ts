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
  // tools/webpack/OneShareRuntimePlugin.js: webpack's own share-scope runtime, dead beside
  // enhanced's, out of every container (the bench's builds, each against the one before it).
  'one share-scope runtime per container (the shell 296, deal 383, contacts 379)': 1058,
  // tools/webpack/styledCssWhitespace.js: styled-components' CSS without its line breaks and
  // indentation.
  'styled CSS without line breaks and indentation (the shell 330, deal 31, contacts 28)': 389,
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
const SHELL_WINS = 460 + 277;
const PANEL_WINS = 518 + 277;

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
export const MAIN_PANEL_BUDGET_BEFORE_RUNTIME_WINS =
  203701 +
  14057 +
  20481 +
  PANEL_FEATURES_ADDED -
  PANEL_WINS +
  LIVE_STREAM_ON_AXIOS +
  LANDED_TOGETHER.panel;

/**
 * What the features that landed after the runtime wins added, measured on the build that joined
 * them (main panel 245,412 → 246,770 B, shell start-up 216,486 → 217,183 B): deal writes that
 * carry only what RD documents, with their pt-BR notices (about 311 B, all in the deal remote);
 * the wire contract's types and crm-model's schema-only arrays moved out of its main entry; the
 * shell's one card screen for identity problems; api-client's tab sign-in calls (the shell holds
 * api-client). What landed since fits inside it: the ui's icons as one SVG path each won back
 * what the Novus missing-user message and the field controls' one wiring cost (246,766 and
 * 217,138 B measured).
 */
const LANDED_AFTER_RUNTIME_WINS = { panel: 1358, shell: 697 };

/**
 * A select's chosen value that its loaded options do not hold says 'Opção não encontrada' instead
 * of 'Carregando...' for ever (ui's SingleSelect): measured 246,766 → 246,813 B (+47).
 */
const VALUE_NOT_FOUND = 47;

/**
 * Links to the CRM that a frame which may open no tab would drop without a word (ui's NewTabLink:
 * the tab opened by the panel, else a dialog with the link to copy; ui's LinkToCopy, shared with
 * the tab sign-in): measured 246,813 → 247,378 B on the main panel (+565), the shell's start-up
 * 217,138 → 217,755 B (+617: ui is the shell's shared module; the remotes' links lost their own
 * target and rel).
 */
const NEW_TAB_LINK = { panel: 565, shell: 617 };

/**
 * The terms page asks the api whether it takes who the panel says it is, and says a refusal
 * there too (the shell's guard, 'identity'): +51 B on the main panel and the shell's start-up
 * (247,378 → 247,429 and 217,755 → 217,806 B).
 */
const TERMS_PAGE_IDENTITY = 51;

/**
 * An alert's action (a retry) goes under its text in a narrow panel instead of squeezing the text
 * into a column a word wide (ui's Alert wraps): +16 B on the main panel (247,429 → 247,445 B) and
 * the shell's start-up, ui being its shared module.
 */
const ALERT_ACTION_WRAPS = 16;

/**
 * A Novus user id or origin that is wrong is said, not silent: the adapter keeps getInfoUser's
 * error and the port messages it does not know, waits for the tenant's mapping, and a frame whose
 * origin is not allowed gets a Novus adapter of its own (host-bridge); the shell's card names the
 * origins and `hostUserIdField`; crm-model compares the origins. Measured 247,445 → 248,695 B on
 * the main panel (+1,250) and 217,822 → 219,081 B on the shell's start-up (+1,259: host-bridge
 * and crm-model are its shared modules).
 */
const NOVUS_IDENTITY_SAID = { panel: 1250, shell: 1259 };

/**
 * Nothing in the Novus tenant sync fails in silence: the shell reads a failed mapping again and
 * sends a failed report again (Retry-After, else a doubling wait), and host-bridge's Novus adapter
 * (the shell's shared module) says where the chat import reads (mapping pending or failed) and
 * keeps the last failed apiRequest read for the report: +1,098 B on the main panel (247,449 →
 * 248,547 B) and +1,064 B on the shell's start-up (217,867 → 218,931 B).
 */
const NOVUS_SYNC_NOTHING_SILENT = { panel: 1098, shell: 1064 };

/**
 * Where the three Novus changes above met, measured on the merged tree: the adapter's one report
 * with every field (the getInfoUser error, the unknown port messages, the last apiRequest failure,
 * the plugin URL's user-id names) and the tenant sync settling the user info on the defaults after
 * three failed mapping reads: the main panel 250,034 → 250,158 B (+124), the shell's start-up
 * 220,385 → 220,466 B (+81).
 */
const NOVUS_PARTS_MET = { panel: 124, shell: 81 };

/**
 * How the panel reads what a Novus host sent is crm-model's, shared with the api's diagnostics
 * (contracts re-exports it to host-bridge's adapter), with the plugin URL's user-id names carried
 * in the report and the contact's name, secondary name and description understood too: measured
 * 247,686 B on the main panel (237 B over the budget before it) and 218,062 B on the shell's
 * start-up (195 B over).
 */
const NOVUS_SHARED_UNDERSTANDING = { panel: 237, shell: 195 };

/**
 * The main panel as measured on one build of `npm test`'s (2026-11-29), exactly: 245,412 B, 24
 * files. The figure above (247,741 B) was set on the build of the features that landed together;
 * this tree measured 246,860 B before the last two of MAIN_PANEL_WINS (the bench's builds; the
 * merges after that build had taken 871 B off, not split), 245,413 B after them (−1,447 B).
 */
export const MAIN_PANEL_BUDGET =
  245412 +
  LANDED_AFTER_RUNTIME_WINS.panel +
  VALUE_NOT_FOUND +
  NEW_TAB_LINK.panel +
  TERMS_PAGE_IDENTITY +
  ALERT_ACTION_WRAPS +
  NOVUS_IDENTITY_SAID.panel +
  NOVUS_SYNC_NOTHING_SILENT.panel +
  NOVUS_SHARED_UNDERSTANDING.panel +
  NOVUS_PARTS_MET.panel;

/**
 * The shell's part of it, its code and the shared modules it provides: 176202 B before the two
 * libraries, plus the same 14057 B + 20481 B (both come from the shell's shared modules: the
 * router entry and api-client); measured 208485 B with them, 212529 B with the features above,
 * 211890 B with the wins and the live stream above (the shell's parts of them).
 */
export const SHELL_STARTUP_BUDGET_BEFORE_RUNTIME_WINS =
  176202 +
  14057 +
  20481 +
  SHELL_FEATURES_ADDED -
  SHELL_WINS +
  LIVE_STREAM_ON_AXIOS +
  LANDED_TOGETHER.shell;

/**
 * The shell's part measured on the same build, exactly: 216,486 B (217,112 B before the last two
 * wins on the bench's builds: −626 B).
 */
export const SHELL_STARTUP_BUDGET =
  216486 +
  LANDED_AFTER_RUNTIME_WINS.shell +
  NEW_TAB_LINK.shell +
  TERMS_PAGE_IDENTITY +
  ALERT_ACTION_WRAPS +
  NOVUS_IDENTITY_SAID.shell +
  NOVUS_SYNC_NOTHING_SILENT.shell +
  NOVUS_SHARED_UNDERSTANDING.shell +
  NOVUS_PARTS_MET.shell;

/**
 * Copies of the federation runtime downloaded on the main panel: measured 1 (the shell's; each
 * remote's containers use it, tools/webpack/federation.js).
 */
export const FEDERATION_RUNTIME_COPIES_BUDGET = 1;

/**
 * Each remote's remoteEntry.js, without the federation runtime (runtime-core), which the page
 * provides: the shell in the panel, the remote's own federation-runtime.<hash>.js (13 KB gz) on
 * its standalone page. Each carries the shared-versions runtime plugin
 * (tools/webpack/sharedVersionsPlugin.mjs, about 0.8 KB). Measured on one build of `npm test`'s
 * (2026-11-29) + 2 %, after webpack's share-scope runtime left each (OneShareRuntimePlugin,
 * about −380 B each; before: deal 9860, notes 9900, tasks 9789, products 9828, contacts 9865,
 * credentials 10163 B).
 */
export const REMOTE_ENTRY_BUDGET: Record<string, number> = {
  // measured 9517 B (9.3 KB)
  deal: 9708,
  // measured 9595 B (9.4 KB)
  notes: 9787,
  // measured 9440 B (9.2 KB)
  tasks: 9629,
  // measured 9468 B (9.2 KB)
  products: 9658,
  // measured 9537 B (9.3 KB)
  contacts: 9728,
  // measured 9803 B (9.6 KB)
  credentials: 10000,
};

/**
 * The Novus view says getInfoUser's refusal and lists the 'Mensagens não reconhecidas do Novus':
 * its texts are in the credentials remote's one texts module, which every exposed module of it
 * loads (measured +90 to +98 B each, the same build with and without them), and the view's code
 * (+206 B on CredentialsManagerPage, texts included).
 */
const NOVUS_VIEW_SAYS = { texts: 98, view: 206 };

/**
 * Each exposed module with the files it loads (tools/scripts/bundleBytes.js exposedFiles): those
 * it loads first and those it may load later, less those only the container's shared modules load
 * (from the shell, in the panel) and less a sibling exposed module's own. Since the Novus work
 * host-bridge's fallback consumes @crm-panel/contracts, and the manifest plugin listed, as async
 * assets of every exposed module reaching that consume chunk, the files of each sibling that
 * loads it first (webpack's chunk graph: a consume chunk has no file, the plugin adds the files of
 * every named chunk group holding one of a module's async chunks): DealToolbar counted
 * DealCreateForm's file, ContactEditForm ContactLinkingPage's libphonenumber (37,429 B for a
 * module of 1,624 B). No exposed module loads a sibling. Measured on one build of `npm test`'s
 * (2026-11-29) + 2 %, with styled-components' CSS without its line breaks (before, by the
 * manifest's count, in each comment).
 */
export const EXPOSED_MODULE_BUDGET: Record<string, number> = {
  // measured 2686 B (5808 B by the manifest's count)
  'deal/DealToolbar': 2739,
  // measured 3810 B (3632 B)
  'deal/DealGeneralTab': 3886,
  // measured 3200 B (9440 B)
  'deal/DealCreateForm': 3264,
  // measured 15319 B (21742 B); dompurify (@crm-panel/format/sanitize, notes' own code) in it
  'notes/NotesTab': 15626,
  // measured 3666 B (3653 B); 4654 B with the chat import saying what to do about each refusal
  // of Novus's proxy, and that it waits for the tenant's Novus mapping (chatImportProblem)
  // 4761 B once it asks the page's Novus adapter for the chat source by feature (it runs under
  // an older shell's host-bridge too)
  'notes/NoteCreateForm': 4856,
  // measured 13848 B (17521 B); dompurify in it
  'notes/NoteViewForm': 14125,
  // measured 2514 B (5904 B)
  'tasks/TasksTab': 2565,
  // measured 3254 B (3230 B)
  'tasks/TaskForm': 3320,
  // measured 2723 B (7565 B)
  'products/ProductsTab': 2778,
  // measured 4685 B (4655 B)
  'products/ProductForm': 4779,
  // measured 2016 B (3718 B)
  'contacts/ContactHeader': 2056,
  // measured 33548 B (35386 B); libphonenumber (@crm-panel/format/phone, contacts' own code) in it
  'contacts/ContactLinkingPage': 34219,
  // measured 1676 B (37429 B); 1797 B with the organization's removal refused in pt-BR (RD
  // documents no way to clear a contact's organization_id)
  'contacts/ContactEditForm': 1832,
  // measured 4716 B (21509 B)
  // 4966 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  'credentials/CredentialsNeeded': 5065 + NOVUS_VIEW_SAYS.texts,
  // measured 5264 B (4810 B)
  // 5502 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  'credentials/TermsPage': 5612 + NOVUS_VIEW_SAYS.texts,
  // measured 6237 B (33595 B)
  // 6444 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  // 6590 B once the Novus changes met (texts.ts: the view's origin, proxy and unrecognized rows)
  'credentials/CredentialsSetupPage': 6722,
  // measured 11057 B (27821 B); 11295 B once live updates from the CRM got their 'Sem
  // confirmação' badge (+243 B of budget: webhooks RD suspended and made again, or a check the
  // CRM did not answer); 12039 B with the Novus diagnostics' per-field understanding, both
  // readings side by side
  'credentials/CredentialsManagerPage': 12280 + 243 + NOVUS_VIEW_SAYS.view,
  // measured 5047 B (38175 B)
  // 5290 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  'credentials/RemoveIntegrationPage': 5396 + NOVUS_VIEW_SAYS.texts,
  // measured 7267 B (5354 B); 7626 B once the tab sign-in ('Entre pelo navegador') became a chunk
  // it shares with the full-page login
  // 7804 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  'credentials/LoginPromptPage': 7960,
  // measured 6405 B (5948 B); 8291 B with the tab sign-in a frame that may not open the sign-in
  // window needs there too (TabSignIn, useTabSignIn)
  // 8599 B once the Novus changes met (texts.ts) and the tab sign-in said a refusal in the tab
  'credentials/LoginPage': 8771,
  // measured 6404 B (22293 B)
  // 6654 B with the Novus diagnostics' per-field understanding (texts.ts, every module's)
  // 6799 B once the Novus changes met (texts.ts, every module's)
  'credentials/AuthPopupPage': 6935,
};
