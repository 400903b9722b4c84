import { ValidationError } from 'yup';
import {
  EMPTY_TASK_FORM,
  missingIdMessage,
  taskFormSchema,
  toTaskPayload,
  type TaskFormValues,
} from './taskFormSchema';

const valid: TaskFormValues = {
  name: '  Ligar  ',
  description: '  Confirmar proposta ',
  type: 'call',
  dueDate: '2025-03-20',
  ownerIds: ['user-1'],
};

async function errorsOf(values: TaskFormValues): Promise<string[]> {
  try {
    await taskFormSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    // One message per rule: a field failing two checks of the same rule says it once.
    if (error instanceof ValidationError) return [...new Set(error.errors)];
    throw error;
  }
}

describe('task form rules (PRODUCT.md §5)', () => {
  it('reports every rule of an empty form in the spec order', async () => {
    expect(await errorsOf(EMPTY_TASK_FORM)).toEqual([
      'O título é obrigatório',
      'A descrição é obrigatória e deve ter no mínimo 3 caracteres',
      'O tipo é obrigatório',
      'A data de vencimento é obrigatória',
      'Selecione ao menos um responsável pela tarefa',
    ]);
  });

  it('trims before checking', async () => {
    expect(await errorsOf({ ...valid, name: '   ' })).toEqual(['O título é obrigatório']);
    expect(await errorsOf({ ...valid, description: '  ab  ' })).toEqual([
      'A descrição é obrigatória e deve ter no mínimo 3 caracteres',
    ]);
    expect(await errorsOf({ ...valid, description: ' abc ' })).toEqual([]);
  });

  it('accepts a valid form', async () => {
    expect(await errorsOf(valid)).toEqual([]);
  });

  it('checks the ids first: deal id on create, task id on edit', () => {
    expect(missingIdMessage('create', {})).toBe('ID da negociação não fornecido');
    expect(missingIdMessage('create', { dealId: 'deal-1' })).toBeNull();
    expect(missingIdMessage('edit', { dealId: 'deal-1' })).toBe('ID da tarefa não fornecido');
    expect(missingIdMessage('edit', { taskId: 'task-1' })).toBeNull();
  });

  it('builds the trimmed task payload', () => {
    expect(toTaskPayload(valid)).toEqual({
      name: 'Ligar',
      description: 'Confirmar proposta',
      type: 'call',
      due_date: new Date(2025, 2, 20, 12).toISOString(),
      owner_ids: ['user-1'],
    });
  });
});
