import { useInfiniteOrganizations } from '@crm-panel/api-client';
import {
  type DropdownOption,
  ORGANIZATION_SEARCH_PAGE_SIZE,
  type Organization,
} from '@crm-panel/crm-model';
import { InlineError, SingleSelect } from '@crm-panel/ui';
import { useSearchSelect } from '@contacts/shared/useSearchSelect';

const useOrganizationsFor = (search: string) =>
  useInfiniteOrganizations(search, ORGANIZATION_SEARCH_PAGE_SIZE);
const organizationOption = (organization: Organization): DropdownOption => ({
  value: organization.id,
  label: organization.name,
});

export interface OrganizationSelectProps {
  value: DropdownOption | null;
  onChange: (organization: DropdownOption | null) => void;
  /** Why the last choice was not taken, under the field. */
  error?: string;
  disabled?: boolean;
}

/** Organization dropdown: name search, 50 per page (PRODUCT.md §9), infinite scroll. */
export function OrganizationSelect({ value, onChange, error, disabled }: OrganizationSelectProps) {
  const { list: organizations, selectProps } = useSearchSelect(
    useOrganizationsFor,
    organizationOption,
  );

  return (
    <>
      <SingleSelect
        label="Organização"
        placeholder="Selecione uma organização"
        {...selectProps}
        value={value?.value ?? null}
        selectedLabel={value?.label}
        onChange={(next, option) =>
          onChange(next && option ? option : next ? { value: next, label: next } : null)
        }
        allowRemove
        error={error}
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
