import styled from 'styled-components';
import { Skeleton, VisuallyHidden } from '@crm-panel/ui';

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

const FIELDS = [
  { label: '20%', height: '38px' },
  { label: '25%', height: '96px' },
  { label: '15%', height: '38px' },
  { label: '35%', height: '38px' },
  { label: '30%', height: '38px' },
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
