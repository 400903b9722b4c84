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
      <Skeleton variant="block" height="60px" label="Carregando produto..." />
      <Skeleton variant="block" height="60px" decorative />
      <Skeleton variant="block" height="60px" decorative />
      <Skeleton variant="block" height="44px" decorative />
    </StyledSkeleton>
  );
}
