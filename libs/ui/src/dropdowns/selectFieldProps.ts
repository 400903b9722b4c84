import { type DropdownOption } from '@crm-panel/crm-model';
import { type ReactNode } from 'react';

/** What both selects take besides their value. */
export interface SelectFieldProps {
  options: DropdownOption[];
  placeholder?: string;
  /** Visible label and the accessible name; without it the placeholder names the control. */
  label?: ReactNode;
  hideLabel?: boolean;
  id?: string;
  required?: boolean;
  error?: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Typing in the box filters: locally, or through onSearch when given. */
  searchable?: boolean;
  /** Called with the search text 600 ms after typing stops, and with '' when a search is reset. */
  onSearch?: (text: string) => void;
  /** First page or a new search is loading: the list shows 'Carregando...'. */
  loading?: boolean;
  hasMore?: boolean;
  /** A further page is loading: 'Carregando mais...' under the options. */
  loadingMore?: boolean;
  /** Called 200 ms after the list is scrolled within 50 px of its bottom (when hasMore). */
  onLoadMore?: () => void;
  emptyText?: string;
  className?: string;
}
