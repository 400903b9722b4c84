import { useId } from 'react';
import styled from 'styled-components';
import { BILLING_FREQUENCY_LABELS, type DealProduct, MESSAGES } from '@crm-panel/crm-model';
import { formatBRL, formatDiscount } from '@crm-panel/format';
import { Button, Skeleton } from '@crm-panel/ui';
import { type CatalogueEntry } from '../hooks/useCatalogueProducts';

export interface DealProductItemProps {
  item: DealProduct;
  catalogue: CatalogueEntry;
  onEdit: (item: DealProduct) => void;
  onDelete: (item: DealProduct) => void;
  /** Actions are off while another action on the list runs. */
  disabled?: boolean;
}

const StyledItem = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledName = styled.h3<{ $missing: boolean }>`
  flex: 1 1 ${({ theme }) => theme.sizes.flexBasis.md};
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme, $missing }) => ($missing ? theme.colors.textMuted : theme.colors.text)};
  font-style: ${({ $missing }) => ($missing ? 'italic' : 'normal')};
  overflow-wrap: anywhere;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.sizes.detailColumn}, 1fr));
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  margin: 0;
`;

const StyledDetail = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[0.5]};
  min-width: 0;
`;

const StyledTerm = styled.dt`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.letterSpacings.caps};
`;

const StyledValue = styled.dd<{ $strong?: boolean }>`
  margin: 0;
  font-size: ${({ theme, $strong }) => ($strong ? theme.fontSizes.lg : theme.fontSizes.md)};
  font-weight: ${({ theme, $strong }) =>
    $strong ? theme.fontWeights.bold : theme.fontWeights.regular};
  color: ${({ theme }) => theme.colors.text};
  font-variant-numeric: tabular-nums;
`;

// On a line of its own: beside the price it made one unbreakable run that ran into the next column.
const StyledSavings = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.successText};
`;

/** One deal product: name from the catalogue, prices, discount, billing and total. */
export function DealProductItem({
  item,
  catalogue,
  onEdit,
  onDelete,
  disabled = false,
}: DealProductItemProps) {
  const nameId = useId();
  const product = catalogue.status === 'found' ? catalogue.product : null;
  const name = product?.name ?? MESSAGES.products.notFound;
  const listPrice = product?.price;
  const savings = listPrice !== undefined && listPrice > item.price;
  const hasDiscount = item.discount > 0;

  return (
    <StyledItem aria-labelledby={nameId} aria-busy={catalogue.status === 'loading' || undefined}>
      <StyledHeader>
        <StyledName id={nameId} $missing={catalogue.status === 'missing'}>
          {catalogue.status === 'loading' ? (
            <Skeleton width="60%" label="Carregando produto..." />
          ) : (
            name
          )}
        </StyledName>
        <StyledActions>
          <Button
            variant="secondary"
            size="sm"
            icon="edit"
            onClick={() => onEdit(item)}
            disabled={disabled}
          >
            Editar
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon="trash"
            onClick={() => onDelete(item)}
            disabled={disabled}
          >
            Excluir
          </Button>
        </StyledActions>
      </StyledHeader>
      <StyledDetails>
        <StyledDetail>
          <StyledTerm>Quantidade</StyledTerm>
          <StyledValue>{item.quantity}</StyledValue>
        </StyledDetail>
        <StyledDetail>
          <StyledTerm>Preço de lista</StyledTerm>
          <StyledValue>{listPrice !== undefined ? formatBRL(listPrice) : '—'}</StyledValue>
        </StyledDetail>
        <StyledDetail>
          <StyledTerm>Preço negociado</StyledTerm>
          <StyledValue>
            {formatBRL(item.price)}
            {savings ? <StyledSavings>{MESSAGES.products.savings}</StyledSavings> : null}
          </StyledValue>
        </StyledDetail>
        <StyledDetail>
          <StyledTerm>Desconto</StyledTerm>
          <StyledValue>
            {hasDiscount ? formatDiscount(item.discount_type, item.discount) : 'Sem desconto'}
          </StyledValue>
        </StyledDetail>
        <StyledDetail>
          <StyledTerm>Cobrança</StyledTerm>
          <StyledValue>
            {BILLING_FREQUENCY_LABELS[item.billing_frequency] ?? item.billing_frequency}
          </StyledValue>
        </StyledDetail>
        <StyledDetail>
          <StyledTerm>Total</StyledTerm>
          <StyledValue $strong>{formatBRL(item.total_price)}</StyledValue>
        </StyledDetail>
      </StyledDetails>
    </StyledItem>
  );
}
