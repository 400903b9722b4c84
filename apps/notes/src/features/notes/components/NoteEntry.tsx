import styled from 'styled-components';
import { type Note } from '@crm-panel/crm-model';
import { formatTime } from '@crm-panel/format';
import { notePreview } from '../notePreview';
import { NoteAuthorName } from './NoteAuthorName';
import { NoteContent } from './NoteContent';

export interface NoteEntryProps {
  note: Note;
  onOpen: (note: Note) => void;
}

const StyledEntry = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]} ${theme.space[3]} ${theme.space[5]}`};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  /* The timeline dot, on the line drawn by the day's list. */
  &::before {
    content: '';
    position: absolute;
    top: ${({ theme }) => theme.space[4]};
    left: -${({ theme }) => theme.space[4]};
    width: ${({ theme }) => theme.sizes.timelineDot};
    height: ${({ theme }) => theme.sizes.timelineDot};
    border: ${({ theme }) => theme.borders.markerRing};
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme }) => theme.colors.primary};
    transform: translateX(-50%);
    box-sizing: content-box;
  }
`;

const StyledMeta = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledTime = styled.time`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledPreview = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
  white-space: pre-line;
`;

const StyledMore = styled.button`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primaryText};
  cursor: pointer;

  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: ${({ theme }) => theme.borders.focusOutline};
    outline-offset: ${({ theme }) => theme.sizes.outlineOffset.md};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** One note of the timeline: time, author and the text (whole, or a preview with 'Ver mais'). */
export function NoteEntry({ note, onOpen }: NoteEntryProps) {
  const preview = notePreview(note.description);
  return (
    <StyledEntry>
      <StyledMeta>
        <StyledTime dateTime={note.registered_at}>{formatTime(note.registered_at)}</StyledTime>
        <NoteAuthorName userId={note.user_id} />
      </StyledMeta>
      {preview.truncated ? (
        <>
          <StyledPreview>{preview.text}</StyledPreview>
          <StyledMore type="button" onClick={() => onOpen(note)}>
            Ver mais
          </StyledMore>
        </>
      ) : (
        <NoteContent html={note.description} />
      )}
    </StyledEntry>
  );
}
