import styled from 'styled-components';
import { type Note } from '@crm-panel/crm-model';
import { groupByDay } from '@crm-panel/format';
import { NotesTimelineDay } from './NotesTimelineDay';

export interface NotesTimelineProps {
  /** Newest first. */
  notes: Note[];
  onOpenNote: (note: Note) => void;
}

const StyledTimeline = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

/** Notes grouped by day: 'Hoje', 'Ontem', otherwise dd/mm/yyyy. */
export function NotesTimeline({ notes, onOpenNote }: NotesTimelineProps) {
  const groups = groupByDay(notes, (note) => note.registered_at);
  return (
    <StyledTimeline>
      {groups.map((group) => (
        <NotesTimelineDay key={group.key} group={group} onOpenNote={onOpenNote} />
      ))}
    </StyledTimeline>
  );
}
