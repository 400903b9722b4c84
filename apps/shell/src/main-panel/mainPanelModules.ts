import type { RemoteModuleId } from '@crm-panel/contracts';

/** The areas a linked chat shows first (ChatPanel, 'Geral' open): their code loads ahead. */
export const MAIN_PANEL_MODULES: readonly RemoteModuleId[] = [
  'contacts/ContactHeader',
  'deal/DealToolbar',
  'deal/DealGeneralTab',
];
