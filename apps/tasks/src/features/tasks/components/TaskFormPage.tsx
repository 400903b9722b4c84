import { useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import {
  getErrorMessage,
  taskQueryOptions,
  usersQueryOptions,
  useRecordChangeWarning,
  useSaveTask,
} from '@crm-panel/api-client';
import { type ModalSucceeded } from '@crm-panel/contracts';
import {
  type DropdownOption,
  MESSAGES,
  TASK_CREATE_STATUS,
  type Task,
  type User,
} from '@crm-panel/crm-model';
import { useHostForms, useHostUserInfo } from '@crm-panel/host-bridge';
import { Alert, Button, FormErrorBanner, InlineError } from '@crm-panel/ui';
import { FormActions, ModalPage, useFormLoadGate } from '@crm-panel/ui/form-kit';
import { readTaskFormQuery } from '../model/taskFormQuery';
import {
  EMPTY_TASK_FORM,
  missingIdMessage,
  taskFormSchema,
  taskToFormValues,
  toTaskPayload,
  type TaskFormValues,
} from '../model/taskFormSchema';
import { TaskFormFields } from './TaskFormFields';
import { TaskFormSkeleton } from './TaskFormSkeleton';

const TEXTS = MESSAGES.tasks;

type Saved = 'created' | 'updated';

const toOwnerOption = (user: User): DropdownOption => ({
  value: user.id,
  label: user.name,
  subtitle: user.email,
});

/**
 * /task-create-modal (PRODUCT.md §2, §5): creates a task for the deal, or edits the one in `taskId`.
 * Loads the users (and the task) once the host is ready, at the latest after 5000 ms; ends by
 * closing the form with `{ success: true, task }` or `{ success: true, updated: true }`.
 */
export function TaskFormPage() {
  const [params] = useSearchParams();
  const { mode, dealId, dealName, taskId, creatorId } = useMemo(
    () => readTaskFormQuery(params),
    [params],
  );
  const { status } = useHostUserInfo();
  const ready = useFormLoadGate(status === 'waiting');
  const forms = useHostForms();
  const saveTask = useSaveTask();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);

  const isEdit = mode === 'edit';
  const loadsTask = isEdit && Boolean(taskId);
  const usersQuery = useQuery({ ...usersQueryOptions(), enabled: ready });
  const taskQuery = useQuery({ ...taskQueryOptions(taskId ?? ''), enabled: ready && loadsTask });
  // Someone else changed this task meanwhile: say so; the form keeps what was typed.
  const changedElsewhere = useRecordChangeWarning(
    loadsTask && taskId ? { type: 'task', id: taskId } : null,
  );

  const idError = missingIdMessage(mode, { dealId, taskId });
  const title = isEdit ? 'Editar Tarefa' : 'Criar Tarefa';
  const submitLabel = isEdit ? 'Salvar Alterações' : 'Criar Tarefa';
  const users = usersQuery.data;
  const ownerOptions = useMemo(() => (users ?? []).map(toOwnerOption), [users]);
  const loading = usersQuery.isPending || (loadsTask && taskQuery.isPending);

  const initialValues = useMemo<TaskFormValues>(() => {
    if (taskQuery.data) return taskToFormValues(taskQuery.data);
    // Spec §6: the current user is the task owner unless the attendant picks someone else.
    const creatorIsUser = Boolean(creatorId) && (users ?? []).some((u) => u.id === creatorId);
    return { ...EMPTY_TASK_FORM, ownerIds: creatorIsUser && creatorId ? [creatorId] : [] };
  }, [taskQuery.data, creatorId, users]);

  const finish = async (result: ModalSucceeded) => {
    try {
      await forms.closeForm(result);
    } catch (error) {
      // The task is saved; a host that fails to close its modal must not turn that into an error.
      console.error(error);
    }
  };

  const submit = async (values: TaskFormValues) => {
    setSaveError(null);
    if (!isEdit && dealId) {
      let task: Task;
      try {
        task = await saveTask.mutateAsync({
          taskId: null,
          payload: {
            ...toTaskPayload(values),
            status: TASK_CREATE_STATUS,
            deal_id: dealId,
            ...(creatorId ? { created_by_id: creatorId } : {}),
          },
        });
      } catch (error) {
        setSaveError(getErrorMessage(error, TEXTS.createError));
        return;
      }
      setSaved('created');
      await finish({ success: true, task });
    } else if (isEdit && taskId) {
      try {
        await saveTask.mutateAsync({
          taskId,
          payload: toTaskPayload(values, taskQuery.data?.due_date),
        });
      } catch (error) {
        setSaveError(getErrorMessage(error, TEXTS.updateError));
        return;
      }
      setSaved('updated');
      await finish({ success: true, updated: true });
    }
  };

  const cancel = () => {
    void forms.cancelForm();
  };

  let body;
  if (loading) {
    body = <TaskFormSkeleton />;
  } else if (loadsTask && taskQuery.isError) {
    body = (
      <>
        <InlineError message={TEXTS.taskLoadError} onRetry={() => void taskQuery.refetch()} />
        <FormActions>
          <Button variant="secondary" onClick={cancel}>
            Cancelar
          </Button>
        </FormActions>
      </>
    );
  } else {
    body = (
      <>
        {usersQuery.isError ? (
          <InlineError message={TEXTS.usersLoadError} onRetry={() => void usersQuery.refetch()} />
        ) : null}
        <Formik<TaskFormValues>
          initialValues={initialValues}
          validationSchema={taskFormSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <TaskFormFields
              ownerOptions={ownerOptions}
              submitLabel={submitLabel}
              submitDisabled={idError !== null}
              locked={saved !== null}
              isSubmitting={isSubmitting}
              onCancel={cancel}
            />
          )}
        </Formik>
      </>
    );
  }

  return (
    <ModalPage
      onClose={forms.cancelForm}
      title={title}
      subtitle={dealName ? `Negociação: ${dealName}` : undefined}
      busy={loading || undefined}
    >
      <FormErrorBanner message={idError} />
      <FormErrorBanner message={saveError} onClose={() => setSaveError(null)} />
      {changedElsewhere && !saved ? <Alert tone="warning">{changedElsewhere}</Alert> : null}
      {saved ? (
        <Alert tone="success">
          {saved === 'created' ? TEXTS.createSuccess : TEXTS.updateSuccess}
        </Alert>
      ) : null}
      {body}
    </ModalPage>
  );
}
