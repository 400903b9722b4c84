import { auditFieldLabel } from '@crm-panel/crm-model';
import { type LiveChange } from './liveChange';

/** The pt-BR texts of live updates. */
export const LIVE_TEXTS = {
  updatedBy: (name: string) => `Atualizado por ${name} agora`,
  updatedInCrm: 'Atualizado no RD Station CRM agora',
  editedBy: (name: string) =>
    `Este registro foi alterado por ${name}. Suas alterações não foram salvas ainda.`,
  editedInCrm:
    'Este registro foi alterado no RD Station CRM. Suas alterações não foram salvas ainda.',
} as const;

/**
 * The discreet hint of who changed something on screen, and which fields, by the names the panel
 * shows them under ('Atualizado por Ana Paula Ferreira agora: Etapa do funil').
 */
export function liveHintText(change: LiveChange): string {
  const who = change.actor ? LIVE_TEXTS.updatedBy(change.actor.name) : LIVE_TEXTS.updatedInCrm;
  const labels = [...new Set(change.fields.map(auditFieldLabel))];
  return labels.length > 0 ? `${who}: ${labels.join(', ')}` : who;
}

/** The warning over a form whose record someone else changed. */
export function liveWarningText(change: LiveChange): string {
  return change.actor ? LIVE_TEXTS.editedBy(change.actor.name) : LIVE_TEXTS.editedInCrm;
}
