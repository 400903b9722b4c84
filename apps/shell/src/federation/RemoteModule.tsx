import {
  createElement,
  lazy,
  Suspense,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import type { RemoteModuleId, RemoteModules } from '@crm-panel/contracts';
import { InlineError, Skeleton } from '@crm-panel/ui';
import { loadRemoteModule } from './remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export const REMOTE_LOAD_ERROR = 'Não foi possível carregar este módulo.';

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
  const Remote = useMemo(() => lazy(() => loadRemoteModule(id, attempt > 0)), [id, attempt]);
  // The id fixes the props type at the call site; the lazy wrapper only forwards them.
  const Component = Remote as unknown as ComponentType<object>;

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
