import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { createPanelQueryClient } from './client';

afterEach(() => {
  jest.useRealTimers();
});

it("hands a query's answer to its observers in a microtask, with no timer to wait for", async () => {
  // Timers that never run: an answer handed over behind a setTimeout(0) would never arrive here.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  const client = createPanelQueryClient();
  const observer = new QueryObserver(client, {
    queryKey: ['deal', 'x'],
    queryFn: async () => 'x',
    notifyOnChangeProps: 'all',
  });
  const seen: unknown[] = [];
  // As useQuery subscribes React: through notifyManager.batchCalls, which hands over on its schedule.
  const unsubscribe = observer.subscribe(
    notifyManager.batchCalls(() => seen.push(observer.getCurrentResult().data)),
  );
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  unsubscribe();
  client.clear();
  expect(seen).toContain('x');
});
