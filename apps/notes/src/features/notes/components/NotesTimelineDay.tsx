import { useId } from 'react';
import styled from 'styled-components';
import { type Note } from '@crm-panel/crm-model';
import { type DayGroup } from '@crm-panel/format';
import { NoteEntry } from './NoteEntry';

export interface NotesTimelineDayProps {
  group: DayGroup<Note>;
  onOpenNote: (note: Note) => void;
}

const StyledDay = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledDayHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0 0 0 ${({ theme }) => theme.space[2]};
  padding: 0 0 0 ${({ theme }) => theme.space[4]};
  list-style: none;
  border-left: ${({ theme }) => theme.borders.timeline};
`;

/** One day of the timeline: its label and its notes. */
export function NotesTimelineDay({ group, onOpenNote }: NotesTimelineDayProps) {
  const headingId = useId();
  return (
    <StyledDay aria-labelledby={headingId}>
      <StyledDayHeading id={headingId}>{group.label || 'Data desconhecida'}</StyledDayHeading>
      <StyledList>
        {group.items.map((note) => (
          <NoteEntry key={note.id} note={note} onOpen={onOpenNote} />
        ))}
      </StyledList>
    </StyledDay>
  );
}
