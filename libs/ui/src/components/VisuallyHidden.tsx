import type { ReactNode } from 'react';
import styled from 'styled-components';
import { visuallyHidden } from '@ui/theme/mixins';

const StyledVisuallyHidden = styled.span`
  ${visuallyHidden}
`;

export interface VisuallyHiddenProps {
  children?: ReactNode;
  id?: string;
}

/** Text read by assistive technology but not shown. */
export function VisuallyHidden({ children, id }: VisuallyHiddenProps) {
  return <StyledVisuallyHidden id={id}>{children}</StyledVisuallyHidden>;
}
