import styled from 'styled-components';
import { type DiscountType, MESSAGES } from '@crm-panel/crm-model';
import { type ProductTotalEstimate, formatBRL, formatPercent } from '@crm-panel/format';

export interface EstimatedTotalProps {
  estimate: ProductTotalEstimate;
  discountType: DiscountType | '';
  /** The typed discount (a percentage is shown beside the amount it takes off). */
  discount: number;
}

const StyledBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: ${({ theme }) => theme.borders.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySubtle};
`;

const StyledTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const StyledTotal = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  font-variant-numeric: tabular-nums;
`;

const StyledNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** The 'Valor Total Estimado' box; with a discount it also notes the gross price and discount. */
export function EstimatedTotal({ estimate, discountType, discount }: EstimatedTotalProps) {
  const percent = discountType === 'percentage' ? ` (${formatPercent(discount)})` : '';
  return (
    <StyledBox aria-label={MESSAGES.products.estimatedTotal} aria-live="polite">
      <StyledTitle>{MESSAGES.products.estimatedTotal}</StyledTitle>
      <StyledTotal>{formatBRL(estimate.total)}</StyledTotal>
      {estimate.hasDiscount ? (
        <StyledNote>
          {`Preço bruto: ${formatBRL(estimate.gross)} · Desconto: ${formatBRL(estimate.discountValue)}${percent}`}
        </StyledNote>
      ) : null}
    </StyledBox>
  );
}
