import type { ComponentType } from 'react';

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
  contactId: string | null;
}

/** Props of the deal toolbar (filter menu, picker and 'Criar Negociação'). */
export interface DealToolbarProps {
  contactId: string | null;
  dealId: string | null;
  onDealChange?: (dealId: string | null) => void;
}

/** Props of the credentials-needed page ('Configuração Necessária'). */
export interface CredentialsNeededProps {
  onConfigure?: () => void;
}

/**
 * Every module a remote exposes, by federation id (`<remote>/<ExposedName>`), with its props.
 * The shell loads them only through Module Federation; remotes implement them.
 */
export interface RemoteModules {
  'deal/DealToolbar': ComponentType<DealToolbarProps>;
  'deal/DealGeneralTab': ComponentType<DealTabProps>;
  'notes/NotesTab': ComponentType<DealTabProps>;
  'tasks/TasksTab': ComponentType<DealTabProps>;
  'products/ProductsTab': ComponentType<DealTabProps>;
  'contacts/ContactHeader': ComponentType<ContactHeaderProps>;
  'credentials/CredentialsNeeded': ComponentType<CredentialsNeededProps>;
}

export type RemoteModuleId = keyof RemoteModules;

/** What a remote's exposed module file exports: the component as its named export and default. */
export type RemoteModuleExports<Id extends RemoteModuleId> = { default: RemoteModules[Id] };

/** The runtime manifest the shell reads at start, served beside it and replaceable per deployment. */
export interface RuntimeManifest {
  /** Base URL of apps/api (the backend-for-frontend). */
  apiBaseUrl: string;
  /** Remote name → its entry URL (mf-manifest.json or remoteEntry.js). */
  remotes: Record<RemoteName, string>;
}
