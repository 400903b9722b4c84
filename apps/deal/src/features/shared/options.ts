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
