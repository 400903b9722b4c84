import { useEffect, useState } from 'react';
import { InlineError, SingleSelect } from '@crm-panel/ui';
import { dealCrmUrl } from '@deal/features/shared/crmLinks';
import { useDealPickerOptions } from '../hooks/useDealPickerOptions';

export interface DealPickerProps {
  dealId: string | null;
  /** Name of the selected deal, for when it is not among the loaded pages. */
  dealName?: string;
  /** Lists only the deals of this contact; null lists every deal. */
  contactFilter: string | null;
  onChange: (dealId: string) => void;
  /** How many recent deals the api's contact scan was limited to (null: it saw them all). */
  onScanLimitChange?: (limitedTo: number | null) => void;
}

/**
 * The deal picker: searchable on the server, more pages as the list scrolls, and with a deal
 * chosen: its name, 'Alterar' and 'Abrir no CRM'.
 */
export function DealPicker({
  dealId,
  dealName,
  contactFilter,
  onChange,
  onScanLimitChange,
}: DealPickerProps) {
  // The list is only fetched while someone may look at it: no deal yet, or 'Alterar' pressed and
  // the list not closed since. Kept wanted after a choice, every deal write would re-read it.
  const [listWanted, setListWanted] = useState(false);
  const picker = useDealPickerOptions({
    contactId: contactFilter,
    enabled: listWanted || !dealId,
  });
  const { limitedTo } = picker;
  useEffect(() => {
    onScanLimitChange?.(limitedTo);
  }, [limitedTo, onScanLimitChange]);

  return (
    <div>
      <SingleSelect
        label="Negociação"
        placeholder="Selecione uma negociação"
        options={picker.options}
        value={dealId}
        selectedLabel={dealName}
        onChange={(value) => {
          if (value) onChange(value);
        }}
        searchable
        onSearch={picker.setSearch}
        loading={picker.loading}
        hasMore={picker.hasMore}
        loadingMore={picker.loadingMore}
        onLoadMore={picker.loadMore}
        emptyText="Nenhuma negociação encontrada"
        onChangeRequest={setListWanted}
        crmUrl={dealId ? dealCrmUrl(dealId) : undefined}
      />
      {picker.isError ? (
        <InlineError
          message="Erro ao carregar negociações. Tente novamente."
          onRetry={picker.retry}
        />
      ) : null}
    </div>
  );
}
