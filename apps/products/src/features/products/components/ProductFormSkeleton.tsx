import styled from 'styled-components';
import { Skeleton } from '@crm-panel/ui';

const StyledSkeleton = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

/** Stands in for the form while the item being edited loads. */
export function ProductFormSkeleton() {
  return (
    <StyledSkeleton>
      <Skeleton variant="block" height="field" label="Carregando produto..." />
      <Skeleton variant="block" height="field" decorative />
      <Skeleton variant="block" height="field" decorative />
      <Skeleton variant="block" height="button" decorative />
    </StyledSkeleton>
  );
}
