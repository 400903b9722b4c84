import { type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { type SpaceToken } from '@ui/theme/theme';

const column = css<{ $gap: SpaceToken }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => theme.space[$gap]};
`;

const StyledStack = styled.div<{ $gap: SpaceToken }>`
  ${column}
`;

const StyledList = styled.ul<{ $gap: SpaceToken }>`
  ${column}
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface StackProps {
  /** Space between the items, a theme step (3 = 12 px by default). */
  gap?: SpaceToken;
  /** A list (`<ul>` without bullets; items are `<li>`) instead of a plain column. */
  list?: boolean;
  'aria-label'?: string;
  'aria-busy'?: boolean;
  children: ReactNode;
}

/** Items one under the other, a theme step apart: a tab's body, a list of cards. */
export function Stack({ gap = 3, list = false, children, ...aria }: StackProps) {
  return list ? (
    <StyledList $gap={gap} {...aria}>
      {children}
    </StyledList>
  ) : (
    <StyledStack $gap={gap} {...aria}>
      {children}
    </StyledStack>
  );
}
