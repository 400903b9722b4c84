import { type Deal, type DropdownOption } from '@crm-panel/crm-model';
import { DROPDOWN_TEXTS, LiveField, SingleSelect, type SingleSelectProps } from '@crm-panel/ui';
import { type Named, namedOptions, nameOf } from '@deal/features/shared/options';

const LOAD_FAILED = 'Não foi possível carregar as opções.';

/** The read of a select's options (a query of the api-client). */
export interface OptionsRead<T extends Named> {
  data?: readonly T[];
  isPending: boolean;
  isError: boolean;
}

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
  loading = read.isPending,
  ...select
}: DealSelectFieldProps<T>) {
  const value = deal?.[field] ?? null;
  return (
    <LiveField field={field}>
      <SingleSelect
        {...select}
        placeholder={deal ? placeholder : DROPDOWN_TEXTS.loading}
        options={toOptions(read.data)}
        value={value}
        selectedLabel={nameOf(read.data, value)}
        disabled={disabled}
        loading={loading}
        emptyText={read.isError ? LOAD_FAILED : undefined}
      />
    </LiveField>
  );
}
