import { readTaskFormQuery } from './taskFormQuery';

const read = (search: string) => readTaskFormQuery(new URLSearchParams(search));

describe('readTaskFormQuery', () => {
  it('reads a create query', () => {
    expect(read('dealId=deal-1&dealName=Acme&creatorId=user-1&hostSdk=x')).toEqual({
      mode: 'create',
      dealId: 'deal-1',
      dealName: 'Acme',
      creatorId: 'user-1',
    });
  });

  it('reads an edit query', () => {
    expect(read('dealId=deal-1&taskId=task-9')).toEqual({
      mode: 'edit',
      dealId: 'deal-1',
      taskId: 'task-9',
    });
  });

  it('treats a blank task id as edit without a task id', () => {
    expect(read('dealId=deal-1&taskId=')).toEqual({ mode: 'edit', dealId: 'deal-1' });
    expect(read('dealId=deal-1&taskId=%20%20')).toEqual({ mode: 'edit', dealId: 'deal-1' });
  });

  it('drops ids that do not parse and keeps the rest', () => {
    expect(read('dealId=%20&dealName=Acme')).toEqual({ mode: 'create', dealName: 'Acme' });
  });
});
