import { type ReactNode } from 'react';
import { MESSAGES } from '@crm-panel/crm-model';
import { EmptyState } from './EmptyState';

export interface NoContactStateProps {
  /** A chat is open (and has no contact to link); otherwise no chat is open at all. */
  hasAttendance: boolean;
  /** The next step, when the screen has one (e.g. back to the panel). */
  action?: ReactNode;
}

/** Why there is no contact: the spec's title, then the cause (our own texts). */
export const NO_CONTACT_REASONS = {
  noAttendance: 'Abra um atendimento no chat para ver o contato dele no CRM.',
  noContact: 'Este atendimento não tem um contato no chat: sem nome nem telefone para vincular.',
} as const;

/**
 * The one message for a panel without a chat contact, wherever the attendant meets it (home or
 * the contact-linking page): 'Nenhum contato selecionado' (PRODUCT.md §2) and why.
 */
export function NoContactState({ hasAttendance, action }: NoContactStateProps) {
  return (
    <EmptyState
      icon="user"
      title={MESSAGES.contacts.noContactSelected}
      description={hasAttendance ? NO_CONTACT_REASONS.noContact : NO_CONTACT_REASONS.noAttendance}
      action={action}
    />
  );
}
