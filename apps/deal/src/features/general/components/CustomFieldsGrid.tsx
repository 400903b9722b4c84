import styled from 'styled-components';
import { useCustomFields } from '@crm-panel/api-client';
import { type CustomFieldDefinition, type Deal } from '@crm-panel/crm-model';
import { Card, InlineError, Skeleton } from '@crm-panel/ui';
import { formatCustomFieldValue } from '@deal/features/shared/formatCustomFieldValue';

const StyledGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(100%, ${({ theme }) => theme.sizes.gridColumn.md}), 1fr)
  );
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
`;

const StyledItem = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledTerm = styled.dt`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledValue = styled.dd`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface GridRow {
  key: string;
  label: string;
  value: string;
}

const byOrder = (a: CustomFieldDefinition, b: CustomFieldDefinition) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);

/** Every deal field definition with its value, then values whose definition is gone (by slug). */
function rowsOf(deal: Deal, definitions: CustomFieldDefinition[]): GridRow[] {
  const dealDefinitions = definitions.filter((definition) => definition.entity === 'deal');
  const known = new Set(dealDefinitions.map((definition) => definition.slug));
  const rows = [...dealDefinitions].sort(byOrder).map((definition) => ({
    key: definition.slug,
    label: definition.name,
    value: formatCustomFieldValue(deal.custom_fields[definition.slug], definition.type),
  }));
  for (const [slug, value] of Object.entries(deal.custom_fields)) {
    if (!known.has(slug))
      rows.push({ key: slug, label: slug, value: formatCustomFieldValue(value) });
  }
  return rows;
}

export interface CustomFieldsGridProps {
  deal: Deal;
}

/** The deal's custom fields, read-only, labelled by their definitions. */
export function CustomFieldsGrid({ deal }: CustomFieldsGridProps) {
  const definitions = useCustomFields();

  let body;
  if (definitions.isPending) {
    body = <Skeleton lines={3} label="Carregando campos personalizados..." />;
  } else if (definitions.isError) {
    body = (
      <InlineError
        message="Erro ao carregar campos personalizados. Tente novamente."
        onRetry={() => void definitions.refetch()}
      />
    );
  } else {
    const rows = rowsOf(deal, definitions.data);
    body =
      rows.length === 0 ? (
        <StyledEmpty>Nenhum campo personalizado</StyledEmpty>
      ) : (
        <StyledGrid>
          {rows.map((row) => (
            <StyledItem key={row.key}>
              <StyledTerm>{row.label}</StyledTerm>
              <StyledValue>{row.value}</StyledValue>
            </StyledItem>
          ))}
        </StyledGrid>
      );
  }

  return <Card title="Campos personalizados">{body}</Card>;
}
