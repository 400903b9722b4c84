import styled, { css } from 'styled-components';

export const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 0;
`;

export const StyledLabel = styled.label`
  display: inline-flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.neutralText};
`;

export const StyledRequired = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const StyledHelper = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StyledError = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Box shared by text inputs, native selects and the dropdown triggers. */
export const controlBox = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.sizes.control.md};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  transition:
    border-color ${({ theme }) => theme.motion.fast},
    box-shadow ${({ theme }) => theme.motion.fast};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &:hover:not(:disabled):not([aria-disabled='true']) {
    border-color: ${({ theme, $invalid }) =>
      $invalid ? theme.colors.danger : theme.colors.borderStrong};
  }

  &:focus,
  &:focus-visible,
  &:focus-within {
    outline: none;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.primary)};
    box-shadow: ${({ theme, $invalid }) => ($invalid ? theme.shadows.dangerFocus : theme.shadows.focus)};
  }

  &:disabled,
  &[aria-disabled='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
    box-shadow: none;
  }
`;
