import styled from 'styled-components';
import type { DealTabProps } from '@crm-panel/contracts';

const StyledEmpty = styled.p`
  margin: 16px 0;
  color: #5b6474;
  text-align: center;
`;

/** The deal's general data. Without a selected deal it says how to get one. */
export function DealGeneralTab({ dealId }: DealTabProps) {
  return dealId ? (
    <StyledEmpty>Negociação {dealId}</StyledEmpty>
  ) : (
    <StyledEmpty>Selecione ou crie uma negociação para ver seus dados.</StyledEmpty>
  );
}

export { DealGeneralTab as default };
