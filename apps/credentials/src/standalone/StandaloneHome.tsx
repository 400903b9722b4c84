import styled from 'styled-components';

const StyledHome = styled.div`
  padding: ${({ theme }) => theme.space[6]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** '/' of the standalone page: the shell's main panel lives there in the real panel. */
export function StandaloneHome() {
  return (
    <StyledHome>
      Painel principal (no painel real, o shell). Escolha uma página do módulo acima.
    </StyledHome>
  );
}
