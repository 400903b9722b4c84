import { css } from 'styled-components';

/** Keyboard focus ring shared by every interactive control. */
export const focusRing = css`
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/**
 * A native input drawn by something else (a segmented control's label): invisible, yet focusable,
 * checkable and clickable where it sits.
 */
export const hiddenInput = css`
  position: absolute;
  opacity: 0;
  width: 1px;
  height: 1px;
  margin: 0;
`;
