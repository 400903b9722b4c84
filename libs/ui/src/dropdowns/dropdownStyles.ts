import styled, { css } from 'styled-components';
import { controlBox } from '@ui/forms/fieldStyles';
import { NewTabLink } from '@ui/components/NewTabLink';

export const StyledRoot = styled.div`
  position: relative;
  min-width: 0;
`;

/** The closed-state box: looks like a text input. */
export const StyledControl = styled.div<{ $invalid: boolean; $open: boolean }>`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: 0;
  padding-bottom: 0;
  cursor: pointer;
  border-color: ${({ theme, $open, $invalid }) =>
    $open && !$invalid ? theme.colors.primary : undefined};
`;

export const StyledSearchInput = styled.input`
  flex: 1;
  min-width: 0;
  height: calc(${({ theme }) => theme.sizes.control.md} - 2px);
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  outline: none;
  text-overflow: ellipsis;

  /* One size down: the spec's 'Selecione uma ou mais opções' fits whole in a 320 px drawer. */
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.textDisabled};
  }
`;

export const StyledSelectOnly = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  min-height: calc(${({ theme }) => theme.sizes.control.md} - 2px);
  outline: none;
`;

export const StyledValueText = styled.span<{ $placeholder: boolean }>`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  color: ${({ theme, $placeholder }) => ($placeholder ? theme.colors.textMuted : theme.colors.text)};
  /* A placeholder one size down, as in a search input: whole in a 320 px drawer. */
  font-size: ${({ theme, $placeholder }) => ($placeholder ? theme.fontSizes.sm : 'inherit')};
`;

export const StyledAdornment = styled.span<{ $open?: boolean; $decorative?: boolean }>`
  display: inline-flex;
  flex: none;
  color: ${({ theme }) => theme.colors.textMuted};
  transition: transform ${({ theme }) => theme.motion.fast};
  transform: ${({ $open }) => ($open ? 'rotate(180deg)' : 'none')};

  /* In the narrowest drawers the search glass gives its room to the placeholder. */
  ${({ $decorative, theme }) =>
    $decorative &&
    css`
      @media (max-width: ${theme.breakpoints.xs}) {
        display: none;
      }
    `}
`;

export const StyledActions = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

export const StyledExternalLink = styled(NewTabLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-height: ${({ theme }) => theme.sizes.control.sm};
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySubtle};
  }

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;
