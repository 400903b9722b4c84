import type { ComponentProps, ComponentType } from 'react';

/** The remotes the shell composes at run time. Each is built and deployed on its own. */
export const REMOTE_NAMES = [
  'deal',
  'notes',
  'tasks',
  'products',
  'contacts',
  'credentials',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Props of the deal tabs (Geral, Notas, Tarefas, Produtos e Serviços): the shell owns the deal. */
export interface DealTabProps {
  dealId: string | null;
  dealName?: string;
}

/** Props of the contact header: the shell owns the selected chat's CRM contact. */
export interface ContactHeaderProps {
  /** The CRM contact id (already resolved from the chat's host contact). */
  contactId: string | null;
}

/** The deal filter of the main panel: 'Todas as negociações' / 'Negociações com esse contato'. */
export type DealListFilter = 'all' | 'contact';

/**
 * Props of the deal toolbar: the deal picker (search, infinite scroll, 'Abrir no CRM', change),
 * the filter menu, the add/remove-contact button and 'Criar Negociação'.
 */
export interface DealToolbarProps {
  contactId: string | null;
  dealId: string | null;
  /** The shell stores the choice (last selected deal per CRM contact, and per chat). */
  onDealChange?: (dealId: string | null) => void;
}

/** Props of the credentials-needed page ('Configuração Necessária'). */
export interface CredentialsNeededProps {
  onConfigure?: () => void;
}

/** A page that exists both as a route of its own and as a host-modal route. */
export interface PageModeProps {
  mode: 'page' | 'modal';
}

/** Pages with no props: they read their query (modal routes) and identity from host-bridge. */
export type NoProps = Record<never, never>;

/**
 * Every module a remote exposes, by federation id (`<remote>/<ExposedName>`), with its props.
 * The shell loads them only through Module Federation; remotes implement them. A page reads its
 * own query string (contracts' `parseModalQuery`), user info and attendance (host-bridge), and
 * talks to the api through api-client; it navigates through `@crm-panel/contracts/router` (react-router-dom, a shared singleton).
 */
export interface RemoteModules {
  // deal
  'deal/DealToolbar': ComponentType<DealToolbarProps>;
  'deal/DealGeneralTab': ComponentType<DealTabProps>;
  /** /deal-create-modal */
  'deal/DealCreateForm': ComponentType<NoProps>;
  // contacts
  'contacts/ContactHeader': ComponentType<ContactHeaderProps>;
  /** /contact-linking: create a CRM contact or link an existing one to the chat's contact. */
  'contacts/ContactLinkingPage': ComponentType<NoProps>;
  /** /contact-edit-modal */
  'contacts/ContactEditForm': ComponentType<NoProps>;
  // notes
  'notes/NotesTab': ComponentType<DealTabProps>;
  /** /note-create-modal */
  'notes/NoteCreateForm': ComponentType<NoProps>;
  /** /note-view-modal */
  'notes/NoteViewForm': ComponentType<NoProps>;
  // tasks
  'tasks/TasksTab': ComponentType<DealTabProps>;
  /** /task-create-modal */
  'tasks/TaskForm': ComponentType<NoProps>;
  // products
  'products/ProductsTab': ComponentType<DealTabProps>;
  /** /product-create-modal */
  'products/ProductForm': ComponentType<NoProps>;
  // credentials
  'credentials/CredentialsNeeded': ComponentType<CredentialsNeededProps>;
  /** /terms-acceptance */
  'credentials/TermsPage': ComponentType<NoProps>;
  /** /credentials-setup (page: 'Configuração Necessária' first) and /credentials-setup-modal */
  'credentials/CredentialsSetupPage': ComponentType<PageModeProps>;
  /** /credentials-manager and /credentials-manager-modal */
  'credentials/CredentialsManagerPage': ComponentType<PageModeProps>;
  /** /remove-integration-modal */
  'credentials/RemoveIntegrationPage': ComponentType<NoProps>;
  /** /rdstation-login-prompt */
  'credentials/LoginPromptPage': ComponentType<NoProps>;
  /** /rdstation-login */
  'credentials/LoginPage': ComponentType<NoProps>;
  /** /rdstation-auth-popup */
  'credentials/AuthPopupPage': ComponentType<NoProps>;
}

export type RemoteModuleId = keyof RemoteModules;

/**
 * Every exposed module id at run time. The compiler keeps it equal to RemoteModules' keys, and a
 * shell test compares it with each remote's webpack `exposes`.
 */
export const REMOTE_MODULE_IDS = [
  'deal/DealToolbar',
  'deal/DealGeneralTab',
  'deal/DealCreateForm',
  'contacts/ContactHeader',
  'contacts/ContactLinkingPage',
  'contacts/ContactEditForm',
  'notes/NotesTab',
  'notes/NoteCreateForm',
  'notes/NoteViewForm',
  'tasks/TasksTab',
  'tasks/TaskForm',
  'products/ProductsTab',
  'products/ProductForm',
  'credentials/CredentialsNeeded',
  'credentials/TermsPage',
  'credentials/CredentialsSetupPage',
  'credentials/CredentialsManagerPage',
  'credentials/RemoveIntegrationPage',
  'credentials/LoginPromptPage',
  'credentials/LoginPage',
  'credentials/AuthPopupPage',
] as const satisfies readonly RemoteModuleId[];

type UnlistedModuleId = Exclude<RemoteModuleId, (typeof REMOTE_MODULE_IDS)[number]>;
/** Fails to compile when a module of RemoteModules is missing from REMOTE_MODULE_IDS. */
export const EVERY_MODULE_LISTED: [UnlistedModuleId] extends [never] ? true : UnlistedModuleId =
  true;

/** The props module `Id` is mounted with. */
export type RemoteModulePropsOf<Id extends RemoteModuleId> = ComponentProps<RemoteModules[Id]>;

/**
 * What a remote's exposed module file exports: the component as its named export and default.
 * For any one id the default is RemoteModules[Id]; written as a component of that id's props so
 * code generic over the id (the shell's loader) keeps the props tied to the id without a cast.
 */
export type RemoteModuleExports<Id extends RemoteModuleId> = {
  default: ComponentType<RemoteModulePropsOf<Id>>;
};

/** The runtime manifest the shell reads at start, served beside it and replaceable per deployment. */
export interface RuntimeManifest {
  /** Base URL of apps/api (the backend-for-frontend). */
  apiBaseUrl: string;
  /** Remote name → its entry URL (mf-manifest.json or remoteEntry.js). */
  remotes: Record<RemoteName, string>;
  /** Origins allowed to embed the panel as its host (serve the host SDK, talk by postMessage). */
  hostOrigins: string[];
  /**
   * Remote name → the contract version (CONTRACT_VERSION) its deployed build was made for, from
   * its build-info.json. A remote missing here predates contract versions (1.0.0).
   */
  contracts: Partial<Record<RemoteName, string>>;
  /**
   * Origins a developer may point a remote at in this browser (a local dev server, a preview
   * release), set by the operator; empty: no override is honoured.
   */
  overrideOrigins: string[];
}
