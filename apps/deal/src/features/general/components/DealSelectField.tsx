import { type Deal, type DropdownOption } from '@crm-panel/crm-model';
import { DROPDOWN_TEXTS, LiveField, SingleSelect, type SingleSelectProps } from '@crm-panel/ui';
import {
  type Named,
  namedOptions,
  nameOf,
  type OptionsRead,
  readOptions,
} from '@deal/features/shared/options';

export interface DealSelectFieldProps<T extends Named> extends Omit<
  SingleSelectProps,
  'options' | 'value' | 'selectedLabel' | 'emptyText'
> {
  /** Absent while it loads: the field is disabled and says 'Carregando...'. */
  deal: Deal | undefined;
  /** The deal field it edits (and where a colleague's change to it shows highlighted). */
  field: 'owner_id' | 'source_id' | 'pipeline_id' | 'stage_id';
  read: OptionsRead<T>;
  toOptions?: (items: readonly T[] | undefined) => DropdownOption[];
}

/**
 * One of the deal's reference fields (owner, source, pipeline, stage) edited in place: its
 * options, its chosen name, and the loading and failed states of the read that feeds it.
 */
export function DealSelectField<T extends Named>({
  deal,
  field,
  read,
  toOptions = namedOptions,
  placeholder,
  disabled = !deal,
  loading,
  ...select
}: DealSelectFieldProps<T>) {
  const value = deal?.[field] ?? null;
  return (
    <LiveField field={field}>
      <SingleSelect
        {...select}
        {...readOptions(read, toOptions)}
        placeholder={deal ? placeholder : DROPDOWN_TEXTS.loading}
        value={value}
        selectedLabel={nameOf(read.data, value)}
        disabled={disabled}
        loading={loading ?? read.isPending}
      />
    </LiveField>
  );
}
