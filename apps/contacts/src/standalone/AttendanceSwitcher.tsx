import styled from 'styled-components';
import { type StandaloneHost } from '@crm-panel/dev-harness';
import { Button } from '@crm-panel/ui';
import { DEMO_ATTENDANCES } from './demoAttendances';

export interface AttendanceSwitcherProps {
  host: StandaloneHost;
}

const StyledBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** Plays the host: opens one of the demo chats or closes the current one. */
export function AttendanceSwitcher({ host }: AttendanceSwitcherProps) {
  return (
    <StyledBar role="group" aria-label="Atendimento simulado">
      <span>Atendimento simulado:</span>
      {DEMO_ATTENDANCES.map((demo) => (
        <Button
          key={demo.id}
          size="sm"
          variant="secondary"
          onClick={() => host.fake.openAttendance(demo.attendance)}
        >
          {demo.label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" onClick={() => host.fake.closeAttendance()}>
        Fechar atendimento
      </Button>
    </StyledBar>
  );
}
