import { type ReactNode } from 'react';
import styled from 'styled-components';

export interface FormActionsProps {
  children: ReactNode;
}

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: ${({ theme }) => theme.borders.subtle};
`;

/** The row of buttons that ends a modal page (Cancelar, Salvar...). */
export function FormActions({ children }: FormActionsProps) {
  return <StyledActions>{children}</StyledActions>;
}
