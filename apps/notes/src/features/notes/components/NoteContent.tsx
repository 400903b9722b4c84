import { useMemo } from 'react';
import styled from 'styled-components';
import { sanitizeNoteHtml } from '@crm-panel/format';
import { isPlainTextNote } from '../notePreview';

export interface NoteContentProps {
  /** The note's description as stored: may be HTML from anyone, so it is sanitised here. */
  html: string;
  className?: string;
}

const StyledNoteContent = styled.div<{ $plain: boolean }>`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
  white-space: ${({ $plain }) => ($plain ? 'pre-line' : 'normal')};

  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol,
  blockquote,
  pre {
    margin: 0 0 ${({ theme }) => theme.space[2]};
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space[5]};
  }
  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
  blockquote {
    padding-left: ${({ theme }) => theme.space[3]};
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  pre,
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    background: ${({ theme }) => theme.colors.neutralSubtle};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  pre {
    padding: ${({ theme }) => theme.space[2]};
    white-space: pre-wrap;
  }
`;

/** A note's text as sanitised HTML: no scripts, handlers, unsafe URLs or embedded media. */
export function NoteContent({ html, className }: NoteContentProps) {
  const safe = useMemo(() => sanitizeNoteHtml(html), [html]);
  return (
    <StyledNoteContent
      className={className}
      $plain={isPlainTextNote(html)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
