import styled from 'styled-components';
import { Button } from '@crm-panel/ui';
import { DEMO_ATTENDANCES, standaloneHost } from './standaloneHost';

const StyledBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** Plays the host: opens one of the demo chats or closes the current one. */
export function AttendanceSwitcher() {
  return (
    <StyledBar role="group" aria-label="Atendimento simulado">
      <span>Atendimento simulado:</span>
      {DEMO_ATTENDANCES.map((demo) => (
        <Button
          key={demo.id}
          size="sm"
          variant="secondary"
          onClick={() => standaloneHost.openAttendance(demo.attendance)}
        >
          {demo.label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" onClick={() => standaloneHost.closeAttendance()}>
        Fechar atendimento
      </Button>
    </StyledBar>
  );
}
