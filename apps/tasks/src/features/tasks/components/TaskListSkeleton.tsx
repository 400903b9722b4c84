import styled from 'styled-components';
import { Skeleton, VisuallyHidden } from '@crm-panel/ui';

const StyledList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledItem = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Placeholder cards while the tasks load. */
export function TaskListSkeleton() {
  return (
    <StyledList role="status" aria-busy="true">
      <VisuallyHidden>Carregando tarefas...</VisuallyHidden>
      {[0, 1, 2].map((item) => (
        <StyledItem key={item}>
          <Skeleton decorative width="45%" height="line" />
          <Skeleton decorative lines={2} />
          <Skeleton decorative width="30%" />
        </StyledItem>
      ))}
    </StyledList>
  );
}
