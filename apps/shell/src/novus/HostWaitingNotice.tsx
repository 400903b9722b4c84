import styled from 'styled-components';
import { HOST_WAITING_MESSAGE, useHostAdapter, useHostWaiting } from '@crm-panel/host-bridge';
import { novusOriginProblem } from './novusMissingUser';

// Above everything, the full-screen loading included: the wait may be the user info's.
const StyledNotice = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.fullscreen + 1};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  background: ${({ theme }) => theme.colors.infoSubtle};
  color: ${({ theme }) => theme.colors.infoText};
  border-bottom: ${({ theme }) => theme.borders.default};
  border-bottom-color: ${({ theme }) => theme.colors.infoBorder};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * 'Aguardando o sistema de atendimento…' while a host request has waited longer than 5 s (a host
 * whose requests wait as long as it needs, Novus); gone when the host answers. Not while the panel
 * knows the host cannot answer (a Novus origin problem): the panel says that instead.
 */
export function HostWaitingNotice() {
  const waiting = useHostWaiting();
  const adapter = useHostAdapter();
  if (!waiting || novusOriginProblem(adapter)) return null;
  return (
    <StyledNotice role="status" aria-live="polite">
      {HOST_WAITING_MESSAGE}
    </StyledNotice>
  );
}
