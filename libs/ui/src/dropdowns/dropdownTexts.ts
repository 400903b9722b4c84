import { MESSAGES } from '@crm-panel/crm-model';

/**
 * The dropdowns' texts of the spec (PRODUCT.md §2: 'Selecione uma opção', 'Carregando...', …):
 * what the selects say, and what a select's holder says in their words (a field whose record is
 * still loading shows 'Carregando...').
 */
export const DROPDOWN_TEXTS = MESSAGES.dropdown;
