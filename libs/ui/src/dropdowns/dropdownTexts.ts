import { MESSAGES } from '@crm-panel/crm-model';

/**
 * The dropdowns' texts of the spec (PRODUCT.md §2: 'Selecione uma opção', 'Carregando...', …):
 * what the selects say, and what a select's holder says in their words (a field whose record is
 * still loading shows 'Carregando...').
 */
export const DROPDOWN_TEXTS = MESSAGES.dropdown;

/**
 * The select's own text where the spec is silent: a chosen value that the loaded options do not
 * hold (a deactivated owner, a deleted source) says it is not found, rather than loading forever
 * or posing as nothing chosen.
 */
export const VALUE_NOT_FOUND = 'Opção não encontrada';
