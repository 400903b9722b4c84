import { useFormikContext } from 'formik';
import { useMemo, useState } from 'react';
import { useInfiniteOrganizations } from '@crm-panel/api-client';
import { ORGANIZATION_SEARCH_PAGE_SIZE } from '@crm-panel/crm-model';
import { type DealCreateValues } from '../dealCreateSchema';
import { FormikSingleSelect } from '@crm-panel/ui/form-kit';

/** Optional organization: searched on the server by name, 50 at a time. */
export function OrganizationField() {
  const { values, setFieldValue } = useFormikContext<DealCreateValues>();
  const [search, setSearch] = useState('');
  const organizations = useInfiniteOrganizations(search, ORGANIZATION_SEARCH_PAGE_SIZE);
  const options = useMemo(
    () =>
      (organizations.data?.pages ?? []).flatMap((page) =>
        page.data.map((organization) => ({ value: organization.id, label: organization.name })),
      ),
    [organizations.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = organizations;

  return (
    <FormikSingleSelect
      name="organizationId"
      label="Empresa"
      placeholder="Selecione uma empresa"
      options={options}
      selectedLabel={values.organizationName || undefined}
      searchable
      onSearch={setSearch}
      loading={organizations.isPending}
      hasMore={Boolean(hasNextPage)}
      loadingMore={isFetchingNextPage}
      onLoadMore={() => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      }}
      emptyText={
        organizations.isError
          ? 'Não foi possível carregar as empresas.'
          : 'Nenhuma empresa encontrada'
      }
      allowRemove
      onValueChange={(_value, option) =>
        void setFieldValue('organizationName', option?.label ?? '')
      }
    />
  );
}
