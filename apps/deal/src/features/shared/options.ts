import { type DropdownOption, type User } from '@crm-panel/crm-model';

/** A record with an id and a name: what a dropdown of references lists. */
export interface Named {
  id: string;
  name: string;
}

/** Dropdown options of id + name records (pipelines, stages, sources, campaigns, reasons…). */
export function namedOptions(items: readonly Named[] | undefined): DropdownOption[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}

/** Users with their e-mail as subtitle, so two people with the same name can be told apart. */
export function userOptions(users: readonly User[] | undefined): DropdownOption[] {
  return (users ?? []).map((user) => ({
    value: user.id,
    label: user.name,
    subtitle: user.email || undefined,
  }));
}

/** The name of `id` among `items`, when it is there. */
export function nameOf(items: readonly Named[] | undefined, id: string | null): string | undefined {
  if (!id) return undefined;
  return items?.find((item) => item.id === id)?.name;
}

/** The read of a select's options (a query of the api-client). */
export interface OptionsRead<T extends Named> {
  data?: readonly T[];
  isPending: boolean;
  isError: boolean;
}

const LOAD_FAILED = 'Não foi possível carregar as opções.';

/**
 * What a select shows of the read that feeds it: its options, 'Carregando...' while it reads, and
 * a failed read said in the list instead of 'Nenhuma opção disponível'.
 */
export function readOptions<T extends Named>(
  read: OptionsRead<T>,
  toOptions: (items: readonly T[] | undefined) => DropdownOption[] = namedOptions,
) {
  return {
    options: toOptions(read.data),
    loading: read.isPending,
    emptyText: read.isError ? LOAD_FAILED : undefined,
  };
}
