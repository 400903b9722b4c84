import type { ReactNode } from 'react';
import { Route, Routes } from '@crm-panel/contracts/router';
import type { RemoteModuleId, RemoteModulePropsOf } from '@crm-panel/contracts';
import { PageWrapper } from '@crm-panel/ui';
import { RemoteModule } from '@shell/federation/RemoteModule';
import { CrmUserChoicePage } from '@shell/crm-user/CrmUserChoicePage';
import { CrmWaitingNotice } from '@shell/crm-waiting/CrmWaitingNotice';
import { CRM_USER_CHOICE_PATH, Guard, type GuardRequirement } from '@shell/guards/Guard';
import { PanelHeader } from '@shell/header/PanelHeader';
import { LiveUpdateHint } from '@shell/live/LiveUpdateHint';
import { LiveUpdates } from '@shell/live/LiveUpdates';
import { ContactLinkingRoute } from '@shell/main-panel/ContactLinkingRoute';
import { MainPanel } from '@shell/main-panel/MainPanel';

/** A page route of module `Id`, with exactly that module's props. */
interface PageRouteOf<Id extends RemoteModuleId> {
  path: string;
  guard: GuardRequirement[];
  module: Id;
  label: string;
  props: RemoteModulePropsOf<Id>;
  /** A form over a record others may change meanwhile: it listens to live updates to warn. */
  live?: true;
}

/** Any page route: one member per module, so a route's props always match its module. */
type PageRoute = { [Id in RemoteModuleId]: PageRouteOf<Id> }[RemoteModuleId];

const TERMS: GuardRequirement[] = ['terms'];
const CONFIGURED: GuardRequirement[] = ['terms', 'credentials'];
const NONE: GuardRequirement[] = [];
/** The spec guards the terms page with nothing; a refused identity is still said there first. */
const IDENTITY: GuardRequirement[] = ['identity'];

/** The route table of PRODUCT.md §2: every page a remote provides, with its guard. */
export const PAGE_ROUTES: PageRoute[] = [
  {
    path: '/terms-acceptance',
    guard: IDENTITY,
    module: 'credentials/TermsPage',
    label: 'Termos de uso',
    props: {},
  },
  {
    path: '/credentials-setup',
    guard: TERMS,
    module: 'credentials/CredentialsSetupPage',
    label: 'Configuração',
    props: { mode: 'page' },
  },
  {
    path: '/credentials-setup-modal',
    guard: NONE,
    module: 'credentials/CredentialsSetupPage',
    label: 'Configuração',
    props: { mode: 'modal' },
  },
  {
    path: '/credentials-manager-modal',
    guard: NONE,
    module: 'credentials/CredentialsManagerPage',
    label: 'Gerenciar Integração',
    props: { mode: 'modal' },
  },
  {
    path: '/remove-integration-modal',
    guard: NONE,
    module: 'credentials/RemoveIntegrationPage',
    label: 'Remover integração',
    props: {},
  },
  {
    path: '/contact-edit-modal',
    guard: NONE,
    module: 'contacts/ContactEditForm',
    label: 'Editar contato',
    props: {},
    live: true,
  },
  {
    path: '/deal-create-modal',
    guard: NONE,
    module: 'deal/DealCreateForm',
    label: 'Criar Negociação',
    props: {},
  },
  {
    path: '/note-create-modal',
    guard: NONE,
    module: 'notes/NoteCreateForm',
    label: 'Adicionar Nota',
    props: {},
  },
  {
    path: '/note-view-modal',
    guard: NONE,
    module: 'notes/NoteViewForm',
    label: 'Nota',
    props: {},
  },
  {
    path: '/task-create-modal',
    guard: NONE,
    module: 'tasks/TaskForm',
    label: 'Tarefa',
    props: {},
    live: true,
  },
  {
    path: '/product-create-modal',
    guard: NONE,
    module: 'products/ProductForm',
    label: 'Produto',
    props: {},
    live: true,
  },
  {
    path: '/rdstation-login-prompt',
    guard: CONFIGURED,
    module: 'credentials/LoginPromptPage',
    label: 'Entrar',
    props: {},
  },
  {
    path: '/rdstation-login',
    guard: CONFIGURED,
    module: 'credentials/LoginPage',
    label: 'Integração OAuth2',
    props: {},
  },
  {
    path: '/rdstation-auth-popup',
    guard: CONFIGURED,
    module: 'credentials/AuthPopupPage',
    label: 'Autenticação',
    props: {},
  },
  {
    path: '/credentials-manager',
    guard: CONFIGURED,
    module: 'credentials/CredentialsManagerPage',
    label: 'Gerenciar Integração',
    props: { mode: 'page' },
  },
];

/** Signed in to the CRM, but who the attendant is there may still be unknown. */
const CRM_SIGNED_IN: GuardRequirement[] = ['terms', 'credentials', 'auth'];

/** The panel itself: signed in, and the attendant's CRM user known. */
export const SIGNED_IN: GuardRequirement[] = ['terms', 'credentials', 'auth', 'crmUser'];

function Guarded({ guard, children }: { guard: GuardRequirement[]; children: ReactNode }) {
  return guard.length ? <Guard requires={guard}>{children}</Guard> : <>{children}</>;
}

/** The panel's own pages: signed in, live updates on, its header and the live hint above. */
function PanelPage({ children }: { children: ReactNode }) {
  return (
    <Guarded guard={SIGNED_IN}>
      <LiveUpdates>
        <PageWrapper>
          <PanelHeader />
          <LiveUpdateHint />
          {children}
        </PageWrapper>
      </LiveUpdates>
    </Guarded>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {PAGE_ROUTES.map(({ path, guard, module, label, props, live }) => {
        const page = (
          <PageWrapper key={path}>
            <CrmWaitingNotice />
            <RemoteModule id={module} label={label} props={props} />
          </PageWrapper>
        );
        return (
          <Route
            key={path}
            path={path}
            element={
              <Guarded guard={guard}>{live ? <LiveUpdates>{page}</LiveUpdates> : page}</Guarded>
            }
          />
        );
      })}
      <Route
        path={CRM_USER_CHOICE_PATH}
        element={
          <Guarded guard={CRM_SIGNED_IN}>
            <PageWrapper>
              <CrmUserChoicePage />
            </PageWrapper>
          </Guarded>
        }
      />
      <Route
        path="/contact-linking"
        element={
          <PanelPage>
            <ContactLinkingRoute />
          </PanelPage>
        }
      />
      <Route
        path="*"
        element={
          <PanelPage>
            <MainPanel />
          </PanelPage>
        }
      />
    </Routes>
  );
}
