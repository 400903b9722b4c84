import { useMemo } from 'react';
import styled from 'styled-components';
import { sanitizeNoteHtml } from '@crm-panel/format/sanitize';
import { isEmptyAfterSanitising, isPlainTextNote } from '../notePreview';
import { NOTE_CONTENT_REMOVED } from '../noteTexts';

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
    border-left: ${({ theme }) => theme.borders.quote};
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

const StyledRemoved = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-style: italic;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/**
 * A note's text as sanitised HTML: no scripts, handlers, unsafe URLs or embedded media. A note
 * with nothing left once sanitised says so, instead of showing an empty entry.
 */
export function NoteContent({ html, className }: NoteContentProps) {
  const safe = useMemo(() => sanitizeNoteHtml(html), [html]);
  const removed = useMemo(() => isEmptyAfterSanitising(html), [html]);
  if (removed) return <StyledRemoved className={className}>{NOTE_CONTENT_REMOVED}</StyledRemoved>;
  return (
    <StyledNoteContent
      className={className}
      $plain={isPlainTextNote(html)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
