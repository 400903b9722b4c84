import {
  createElement,
  lazy,
  Suspense,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import type { RemoteModuleId, RemoteModules } from '@crm-panel/contracts';
import { InlineError, Skeleton } from '@crm-panel/ui';
import { loadRemoteModule, onRemotesRegistered } from './remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export const REMOTE_LOAD_ERROR = 'Não foi possível carregar este módulo.';

/**
 * One lazy component per exposed module for the page's life: a remount (a tab switched back, a
 * chat opened again) renders the loaded module at once instead of suspending anew. A load that
 * failed is forgotten, so the next mount (or 'Tentar novamente') loads it again.
 */
const lazyModules = new Map<RemoteModuleId, LazyExoticComponent<ComponentType<object>>>();
onRemotesRegistered(() => lazyModules.clear());

function lazyModule(
  id: RemoteModuleId,
  fresh: boolean,
): LazyExoticComponent<ComponentType<object>> {
  const cached = lazyModules.get(id);
  if (cached && !fresh) return cached;
  const created = lazy(async () => {
    try {
      // The id fixes the props type at the call site; the lazy wrapper only forwards them.
      return (await loadRemoteModule(id, fresh)) as unknown as { default: ComponentType<object> };
    } catch (error) {
      if (lazyModules.get(id) === created) lazyModules.delete(id);
      throw error;
    }
  });
  lazyModules.set(id, created);
  return created;
}

export type RemoteModuleProps<Id extends RemoteModuleId> = {
  id: Id;
  /** The area's name for people and assistive tech, e.g. 'Notas'. */
  label: string;
  props: ComponentProps<RemoteModules[Id]>;
};

/**
 * One remote area of the panel: loaded at run time, behind its own suspense and error boundary,
 * with a retry that loads the remote again without reloading the page.
 */
export function RemoteModule<Id extends RemoteModuleId>({
  id,
  label,
  props,
}: RemoteModuleProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  const Component = useMemo(() => lazyModule(id, attempt > 0), [id, attempt]);

  return (
    <section aria-label={label} data-remote={id}>
      <RemoteErrorBoundary
        key={attempt}
        fallback={() => (
          <InlineError message={REMOTE_LOAD_ERROR} onRetry={() => setAttempt((n) => n + 1)} />
        )}
      >
        <Suspense fallback={<Skeleton lines={3} label={`Carregando ${label}...`} />}>
          {createElement(Component, props)}
        </Suspense>
      </RemoteErrorBoundary>
    </section>
  );
}
