import { QueryClient } from '@tanstack/react-query';
import { type DealProduct, type Note, type Task } from '@crm-panel/crm-model';
import { queryKeys } from '@api-client/query/queryKeys';
import { dealProductsFixture, notesFixture, tasksFixture } from '@api-client/testing/fixtures';
import { cacheRules } from './cacheRules';

// A write's answer updates the cache; only what it cannot tell is read again
// (a re-read is an invalidation, which the spy on invalidateQueries sees).

const DEAL = 'deal-1';

function setUp() {
  const client = new QueryClient();
  return { client, rules: cacheRules(client) };
}

const dated = (id: string, due: string, status: Task['status'] = 'open'): Task => ({
  ...(tasksFixture[0] as Task),
  id,
  name: id,
  due_date: due,
  status,
});

describe('cacheRules: writes whose answer says everything', () => {
  it('noteWritten puts the new note on top of the timeline already read', async () => {
    const { client, rules } = setUp();
    const notes = notesFixture[DEAL] as Note[];
    client.setQueryData(queryKeys.dealNotes(DEAL), notes);
    const spy = jest.spyOn(client, 'invalidateQueries');
    const note = { ...(notes[0] as Note), id: 'note-new', description: 'Nova nota' };
    await rules.noteWritten(DEAL, note);
    expect(client.getQueryData<Note[]>(queryKeys.dealNotes(DEAL))?.map((n) => n.id)).toEqual([
      'note-new',
      'note-1',
      'note-2',
      'note-3',
    ]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('noteWritten leaves a timeline never read alone (it is read when shown)', async () => {
    const { client, rules } = setUp();
    await rules.noteWritten(DEAL, notesFixture[DEAL]?.[0] as Note);
    expect(client.getQueryData(queryKeys.dealNotes(DEAL))).toBeUndefined();
  });

  it('taskWritten places a created task by due date in its status list, reading nothing', async () => {
    const { client, rules } = setUp();
    const open = [
      dated('t-late', '2025-04-20T13:00:00.000Z'),
      dated('t-early', '2025-03-01T13:00:00.000Z'),
    ];
    client.setQueryData(queryKeys.tasks(DEAL, 'open'), open);
    client.setQueryData(queryKeys.tasks(DEAL, 'completed'), []);
    const spy = jest.spyOn(client, 'invalidateQueries');
    const created = dated('t-new', '2025-03-15T10:00:00.000Z');
    await rules.taskWritten(created);
    expect(client.getQueryData<Task[]>(queryKeys.tasks(DEAL, 'open'))?.map((t) => t.id)).toEqual([
      't-late',
      't-new',
      't-early',
    ]);
    expect(client.getQueryData<Task[]>(queryKeys.tasks(DEAL, 'completed'))).toEqual([]);
    expect(client.getQueryData(queryKeys.task('t-new'))).toEqual(created);
    expect(spy).not.toHaveBeenCalled();
  });

  it('taskWritten moves a completed task from the open list to the completed one', async () => {
    const { client, rules } = setUp();
    const task = dated('t-1', '2025-03-15T10:00:00.000Z');
    client.setQueryData(queryKeys.tasks(DEAL, 'open'), [task]);
    client.setQueryData(queryKeys.tasks(DEAL, 'completed'), [
      dated('t-old', '2025-01-15T10:00:00.000Z', 'completed'),
    ]);
    await rules.taskWritten({ ...task, status: 'completed' });
    expect(client.getQueryData<Task[]>(queryKeys.tasks(DEAL, 'open'))).toEqual([]);
    expect(
      client.getQueryData<Task[]>(queryKeys.tasks(DEAL, 'completed'))?.map((t) => t.id),
    ).toEqual(['t-1', 't-old']);
  });

  it('taskWritten reads the lists again when a due date is missing: the CRM decides its place', async () => {
    const { client, rules } = setUp();
    client.setQueryData(queryKeys.tasks(DEAL, 'open'), [dated('t-1', '2025-03-15T10:00:00.000Z')]);
    const spy = jest.spyOn(client, 'invalidateQueries');
    await rules.taskWritten({ ...dated('t-2', ''), due_date: null });
    expect(spy).toHaveBeenCalledWith({ queryKey: queryKeys.dealTaskLists(DEAL) });
  });

  it('dealProductWritten appends an added product, replaces an edited one, and re-reads only the deal', async () => {
    const { client, rules } = setUp();
    const products = dealProductsFixture[DEAL] as DealProduct[];
    client.setQueryData(queryKeys.dealProducts(DEAL), products);
    const spy = jest.spyOn(client, 'invalidateQueries');
    const added = { ...(products[0] as DealProduct), id: 'deal-product-new' };
    await rules.dealProductWritten(DEAL, added);
    const edited = { ...(products[0] as DealProduct), quantity: 7 };
    await rules.dealProductWritten(DEAL, edited);
    const list = client.getQueryData<DealProduct[]>(queryKeys.dealProducts(DEAL));
    expect(list?.map((p) => p.id)).toEqual([...products.map((p) => p.id), 'deal-product-new']);
    expect(list?.[0]?.quantity).toBe(7);
    expect(spy.mock.calls).toEqual([
      [{ queryKey: queryKeys.deal(DEAL) }],
      [{ queryKey: queryKeys.deal(DEAL) }],
    ]);
  });

  it('dealProductRemoved takes the product off the list and re-reads only the deal', async () => {
    const { client, rules } = setUp();
    const products = dealProductsFixture[DEAL] as DealProduct[];
    client.setQueryData(queryKeys.dealProducts(DEAL), products);
    const spy = jest.spyOn(client, 'invalidateQueries');
    await rules.dealProductRemoved(DEAL, 'deal-product-1');
    expect(
      client.getQueryData<DealProduct[]>(queryKeys.dealProducts(DEAL))?.map((p) => p.id),
    ).toEqual(products.filter((p) => p.id !== 'deal-product-1').map((p) => p.id));
    expect(spy.mock.calls).toEqual([[{ queryKey: queryKeys.deal(DEAL) }]]);
  });
});
