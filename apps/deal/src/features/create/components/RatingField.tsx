import { useField } from 'formik';
import styled from 'styled-components';
import { Button, Rating } from '@crm-panel/ui';

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
`;

const StyledLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.sizes.control.md};
`;

export interface RatingFieldProps {
  name: string;
}

/** Optional 1–5 star rating; 'Limpar' takes it back to none. */
export function RatingField({ name }: RatingFieldProps) {
  const [field, , helpers] = useField<number>(name);
  return (
    <StyledField>
      <StyledLabel aria-hidden="true">Avaliação</StyledLabel>
      <StyledRow>
        <Rating
          value={field.value}
          readOnly={false}
          label="Avaliação"
          onChange={(value) => void helpers.setValue(value)}
        />
        {field.value > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => void helpers.setValue(0)}>
            Limpar avaliação
          </Button>
        ) : null}
      </StyledRow>
    </StyledField>
  );
}
