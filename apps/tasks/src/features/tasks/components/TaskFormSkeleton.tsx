import styled from 'styled-components';
import { Skeleton, type SkeletonHeight, type SkeletonWidth, VisuallyHidden } from '@crm-panel/ui';

const StyledSkeleton = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
`;

const FIELDS: readonly { label: SkeletonWidth; height: SkeletonHeight }[] = [
  { label: '20%', height: 'control' },
  { label: '25%', height: 'textarea' },
  { label: '15%', height: 'control' },
  { label: '35%', height: 'control' },
  { label: '30%', height: 'control' },
];

/** The form's shape while its users (and, when editing, the task) load. */
export function TaskFormSkeleton() {
  return (
    <StyledSkeleton role="status" aria-busy="true">
      <VisuallyHidden>Carregando formulário...</VisuallyHidden>
      {FIELDS.map((field, index) => (
        <StyledField key={index}>
          <Skeleton decorative width={field.label} />
          <Skeleton decorative variant="block" height={field.height} />
        </StyledField>
      ))}
    </StyledSkeleton>
  );
}
