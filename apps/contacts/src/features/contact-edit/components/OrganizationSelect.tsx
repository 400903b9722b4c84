import { useMemo, useState } from 'react';
import { useInfiniteOrganizations } from '@crm-panel/api-client';
import { type DropdownOption, ORGANIZATION_SEARCH_PAGE_SIZE } from '@crm-panel/crm-model';
import { InlineError, SingleSelect } from '@crm-panel/ui';

export interface OrganizationSelectProps {
  value: DropdownOption | null;
  onChange: (organization: DropdownOption | null) => void;
  disabled?: boolean;
}

/** Organization dropdown: name search, 50 per page (PRODUCT.md §9), infinite scroll. */
export function OrganizationSelect({ value, onChange, disabled }: OrganizationSelectProps) {
  const [search, setSearch] = useState('');
  const organizations = useInfiniteOrganizations(search, ORGANIZATION_SEARCH_PAGE_SIZE);
  const options = useMemo(
    () =>
      (organizations.data?.pages ?? [])
        .flatMap((page) => page.data)
        .map((organization) => ({ value: organization.id, label: organization.name })),
    [organizations.data],
  );

  return (
    <>
      <SingleSelect
        label="Organização"
        placeholder="Selecione uma organização"
        searchable
        onSearch={setSearch}
        options={options}
        loading={organizations.isPending}
        hasMore={organizations.hasNextPage}
        loadingMore={organizations.isFetchingNextPage}
        onLoadMore={() => void organizations.fetchNextPage()}
        value={value?.value ?? null}
        selectedLabel={value?.label}
        onChange={(next, option) =>
          onChange(next && option ? option : next ? { value: next, label: next } : null)
        }
        allowRemove
        disabled={disabled}
      />
      {organizations.isError ? (
        <InlineError
          message="Erro ao carregar organizações"
          onRetry={() => void organizations.refetch()}
        />
      ) : null}
    </>
  );
}
