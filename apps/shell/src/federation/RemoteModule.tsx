import {
  createElement,
  lazy,
  Suspense,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import styled from 'styled-components';
import type { RemoteModuleId, RemoteModules } from '@crm-panel/contracts';
import { loadRemoteModule } from './remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export const REMOTE_LOAD_ERROR = 'Não foi possível carregar este módulo.';
export const REMOTE_RETRY_LABEL = 'Tentar novamente';

const StyledFailure = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  padding: 12px 16px;
  border: 1px solid #f3c4c4;
  border-radius: 8px;
  background: #fff5f5;
  color: #8a1c1c;
  font-size: 14px;
`;

const StyledRetry = styled.button`
  padding: 6px 12px;
  border: 1px solid #8a1c1c;
  border-radius: 6px;
  background: #fff;
  color: #8a1c1c;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid #1a6bff;
    outline-offset: 2px;
  }
`;

const StyledLoading = styled.div`
  padding: 12px 16px;
  color: #5b6474;
  font-size: 14px;
`;

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
          <StyledFailure role="alert">
            <span>{REMOTE_LOAD_ERROR}</span>
            <StyledRetry type="button" onClick={() => setAttempt((n) => n + 1)}>
              {REMOTE_RETRY_LABEL}
            </StyledRetry>
          </StyledFailure>
        )}
      >
        <Suspense fallback={<StyledLoading role="status">Carregando...</StyledLoading>}>
          {createElement(Component, props)}
        </Suspense>
      </RemoteErrorBoundary>
    </section>
  );
}
