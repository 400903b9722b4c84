import {
  lazy,
  memo,
  Suspense,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import {
  CONTRACT_VERSION,
  contractMajor,
  type RemoteModuleId,
  type RemoteModulePropsOf,
} from '@crm-panel/contracts';
import { usePreloadModule } from '@crm-panel/contracts/preloads';
import { InlineError, Skeleton } from '@crm-panel/ui';
import {
  loadedRemoteModule,
  loadRemoteModule,
  onRemotesRegistered,
  RemoteContractError,
} from './remoteLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export const REMOTE_LOAD_ERROR = 'Não foi possível carregar este módulo.';

/** A remote that needs another version of a lib the page holds one of (a store, the session). */
export const REMOTE_SHARED_LIB_ERROR =
  'Este módulo foi publicado com uma versão incompatível com o painel aberto e não pode ser ' +
  'carregado agora. Tente novamente em instantes; se continuar, avise o administrador.';

/** The code the federation runtime plugin gives a refused lib (tools/webpack/sharedVersions.mjs). */
const INCOMPATIBLE_SHARED_LIB = 'INCOMPATIBLE_SHARED_LIB';

/** What the area says about the error that stopped it. */
export function remoteErrorMessage(error: unknown): string {
  if (error instanceof RemoteContractError) {
    return (
      `Este módulo foi feito para outra versão do painel (contrato ` +
      `${contractMajor(error.remoteContract)}.x; este painel aceita ` +
      `${contractMajor(CONTRACT_VERSION)}.x) e não pode ser aberto aqui. Avise o administrador.`
    );
  }
  if (error instanceof Error && Reflect.get(error, 'code') === INCOMPATIBLE_SHARED_LIB) {
    return REMOTE_SHARED_LIB_ERROR;
  }
  return REMOTE_LOAD_ERROR;
}

/** The lazy component of module `Id`: it takes exactly the props of its contract. */
type LazyRemote<Id extends RemoteModuleId> = LazyExoticComponent<
  ComponentType<RemoteModulePropsOf<Id>>
>;

/**
 * One lazy component per exposed module for the page's life: a remount (a tab switched back, a
 * chat opened again) renders the loaded module at once instead of suspending anew. A load that
 * failed is forgotten, so the next mount (or 'Tentar novamente') loads it again.
 */
let lazyModules: { [Id in RemoteModuleId]?: LazyRemote<Id> } = {};
onRemotesRegistered(() => {
  lazyModules = {};
});

function lazyModule<Id extends RemoteModuleId>(id: Id, fresh: boolean): LazyRemote<Id> {
  const cached = lazyModules[id];
  if (cached && !fresh) return cached;
  const created: LazyRemote<Id> = lazy(async () => {
    try {
      return await loadRemoteModule(id, fresh);
    } catch (error) {
      if (lazyModules[id] === created) delete lazyModules[id];
      throw error;
    }
  });
  // A fresh object: a write through a generic key would ask for every id's type at once.
  lazyModules = { ...lazyModules, [id]: created };
  return created;
}

export type RemoteModuleProps<Id extends RemoteModuleId> = {
  id: Id;
  /** The area's name for people and assistive tech, e.g. 'Notas'. */
  label: string;
  props: RemoteModulePropsOf<Id>;
};

/**
 * One remote area of the panel: loaded at run time, behind its own suspense and error boundary,
 * with a retry that loads the remote again without reloading the page.
 */
function RemoteArea<Id extends RemoteModuleId>({ id, label, props }: RemoteModuleProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // A module loaded already (preloaded, or shown before) renders at once: a lazy component
  // suspends on its first render even then, and React holds a revealed fallback back ~300 ms.
  // Chosen once per id and attempt: a switch of component type would remount the area.
  const Component = useMemo(
    () => (attempt === 0 && loadedRemoteModule(id)?.default) || lazyModule(id, attempt > 0),
    [id, attempt],
  );
  // Its first reads (libs/contracts/src/preloads.ts) start while its JS downloads.
  usePreloadModule(id, props);

  return (
    <section aria-label={label} data-remote={id}>
      <RemoteErrorBoundary
        key={attempt}
        fallback={(error) => (
          <InlineError
            message={remoteErrorMessage(error)}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
      >
        <Suspense fallback={<Skeleton lines={3} label={`Carregando ${label}...`} />}>
          <Component key={id} {...props} />
        </Suspense>
      </RemoteErrorBoundary>
    </section>
  );
}

/** Each prop the same value (Object.is), and no prop more or less. */
function sameProps(before: object, after: object): boolean {
  const names = Object.keys(before);
  return (
    names.length === Object.keys(after).length &&
    names.every((name) => Object.is(Reflect.get(before, name), Reflect.get(after, name)))
  );
}

/**
 * An area renders again only when what it is handed changes. A chat's panel renders again when
 * its deal answers (ChatPanel hands the deal's name to the tabs); the contact's header and the
 * toolbar, handed the same ids, then have nothing to redo: 132 components render when Mariana's
 * deal answers in bench/panel-speed.js, 150 before. Each area still renders on its own reads.
 */
export const RemoteModule = memo(
  RemoteArea,
  (before, after) =>
    before.id === after.id && before.label === after.label && sameProps(before.props, after.props),
) as typeof RemoteArea;
