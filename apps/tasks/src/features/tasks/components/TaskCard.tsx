import { useId } from 'react';
import styled from 'styled-components';
import {
  MESSAGES,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
  type Task,
  type TaskStatus,
} from '@crm-panel/crm-model';
import { formatDate } from '@crm-panel/format';
import { Button, Icon, StatusBadge, type StatusBadgeTone } from '@crm-panel/ui';

export interface TaskCardProps {
  task: Task;
  onEdit: (task: Task) => void;
  onComplete: (task: Task) => void;
}

const StyledCard = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledName = styled.h3`
  margin: 0;
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const StyledDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const StyledMeta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledMetaItem = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1.5]};

  dt {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1.5]};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.neutralText};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

const STATUS_TONES: Readonly<Record<TaskStatus, StatusBadgeTone>> = {
  open: 'info',
  completed: 'success',
  canceled: 'neutral',
};

/** One task: name, description, type, due date ('Sem data'), status; actions when open. */
export function TaskCard({ task, onEdit, onComplete }: TaskCardProps) {
  const nameId = useId();
  const dueDate = task.due_date ? formatDate(task.due_date) : '';
  const isOpen = task.status === 'open';
  return (
    <StyledCard aria-labelledby={nameId}>
      <StyledHeader>
        <StyledName id={nameId}>{task.name}</StyledName>
        <StatusBadge tone={STATUS_TONES[task.status]}>
          {TASK_STATUS_LABELS[task.status]}
        </StatusBadge>
      </StyledHeader>
      {task.description ? <StyledDescription>{task.description}</StyledDescription> : null}
      <StyledMeta>
        <StyledMetaItem>
          <dt>
            <Icon name="info" size={14} />
            Tipo:
          </dt>
          <dd>{TASK_TYPE_LABELS[task.type] ?? task.type}</dd>
        </StyledMetaItem>
        <StyledMetaItem>
          <dt>
            <Icon name="calendar" size={14} />
            Vencimento:
          </dt>
          <dd>{dueDate || MESSAGES.tasks.noDueDate}</dd>
        </StyledMetaItem>
      </StyledMeta>
      {isOpen ? (
        <StyledActions>
          <Button
            variant="secondary"
            size="sm"
            icon="edit"
            aria-describedby={nameId}
            onClick={() => onEdit(task)}
          >
            Editar
          </Button>
          <Button
            variant="primary"
            size="sm"
            icon="check"
            aria-describedby={nameId}
            onClick={() => onComplete(task)}
          >
            Concluir
          </Button>
        </StyledActions>
      ) : null}
    </StyledCard>
  );
}
