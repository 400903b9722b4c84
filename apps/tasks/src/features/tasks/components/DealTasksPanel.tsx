import { useEffect, useState } from 'react';
import { useCompleteTask, usePanelCache } from '@crm-panel/api-client';
import { type DealTabProps } from '@crm-panel/contracts';
import {
  MESSAGES,
  TASK_STATUS_FILTER_LABELS,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@crm-panel/crm-model';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';
import {
  Button,
  Card,
  ConfirmDialog,
  DropdownMenu,
  EmptyState,
  InlineError,
  NoticeBanner,
  useNotice,
  Stack,
} from '@crm-panel/ui';
import { useCurrentProfile } from '../hooks/useCurrentProfile';
import { useDealTasks } from '../hooks/useDealTasks';
import { TaskCard } from './TaskCard';
import { TaskListSkeleton } from './TaskListSkeleton';

export type DealTasksPanelProps = DealTabProps;

const TEXTS = MESSAGES.tasks;

const STATUS_ITEMS = TASK_STATUSES.map((status) => ({
  id: status,
  label: TASK_STATUS_FILTER_LABELS[status],
}));

const isTaskStatus = (value: string): value is TaskStatus =>
  (TASK_STATUSES as readonly string[]).includes(value);

/**
 * The deal's Tarefas tab (PRODUCT.md §2): a status filter, 'Adicionar' and 'Atualizar', one card per
 * task, and 'Editar' / 'Concluir' on open tasks. Forms open through the host; when one closes
 * with success the lists reload in place.
 */
export function DealTasksPanel({ dealId, dealName }: DealTasksPanelProps) {
  const [status, setStatus] = useState<TaskStatus>('open');
  const notice = useNotice(dealId);
  const [confirming, setConfirming] = useState<Task | null>(null);
  const cache = usePanelCache();
  const forms = useHostForms();
  const tasksQuery = useDealTasks(dealId, status);
  const { resolveProfileId } = useCurrentProfile();
  const completion = useCompleteTask();

  useEffect(() => {
    setConfirming(null);
  }, [dealId]);

  useFormResult('task-create', ({ result }) => {
    if (!result.success || !dealId) return;
    notice.success(result.updated ? TEXTS.updateSuccess : TEXTS.createSuccess);
    void (result.task ? cache.taskWritten(result.task) : cache.dealTasksChanged(dealId));
  });

  const openCreateForm = async () => {
    if (!dealId) return;
    const creatorId = await resolveProfileId();
    forms.openForm('task-create', { dealId, dealName: dealName ?? null, creatorId });
  };

  const openEditForm = (task: Task) => {
    if (!dealId) return;
    forms.openForm('task-create', { dealId, dealName: dealName ?? null, taskId: task.id });
  };

  const confirmCompletion = async () => {
    const task = confirming;
    if (!task || !dealId) return;
    notice.clear();
    const completedById = await resolveProfileId();
    try {
      if (!completedById) {
        notice.error(TEXTS.completeError);
        return;
      }
      await completion.mutateAsync({ taskId: task.id, completedById });
      notice.success(TEXTS.completeSuccess);
    } catch {
      notice.error(TEXTS.completeError);
    } finally {
      setConfirming(null);
    }
  };

  const tasks = tasksQuery.data ?? [];
  const retrying = tasksQuery.isError && tasksQuery.isFetching;

  let content;
  if (!dealId) {
    content = (
      <EmptyState
        icon="inbox"
        title="Nenhuma negociação selecionada"
        description="Selecione uma negociação para ver e criar tarefas."
      />
    );
  } else if (tasksQuery.isError && !retrying) {
    content = <InlineError message={TEXTS.loadError} onRetry={() => void tasksQuery.refetch()} />;
  } else if (tasksQuery.isPending || retrying) {
    content = <TaskListSkeleton />;
  } else if (tasks.length === 0) {
    content = <EmptyState icon="inbox" title={TEXTS.empty} />;
  } else {
    content = (
      <Stack list aria-label={`Tarefas ${TASK_STATUS_FILTER_LABELS[status].toLowerCase()}`}>
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} onEdit={openEditForm} onComplete={setConfirming} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Card
      title="Tarefas"
      actions={
        <>
          <DropdownMenu
            items={STATUS_ITEMS}
            selectedId={status}
            onSelect={(id) => {
              if (isTaskStatus(id)) setStatus(id);
            }}
            align="end"
            disabled={!dealId}
          />
          <Button
            variant="primary"
            size="sm"
            icon="plus"
            disabled={!dealId}
            onClick={openCreateForm}
          >
            Adicionar
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon="refresh"
            disabled={!dealId}
            onClick={() => tasksQuery.refetch()}
          >
            Atualizar
          </Button>
        </>
      }
    >
      <Stack>
        <NoticeBanner notice={notice.notice} onClose={notice.clear} />
        {content}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="Concluir tarefa"
        message={
          confirming ? `Deseja marcar a tarefa "${confirming.name}" como concluída?` : undefined
        }
        confirmLabel="Concluir"
        onConfirm={confirmCompletion}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
