import { Link, Route, Routes, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { dealsFixture, profileFixture, tasksFixture } from '@crm-panel/api-client/testing';
import { PageWrapper } from '@crm-panel/ui';
import { TaskForm } from '@tasks/exposed/TaskForm';
import { TasksTab } from '@tasks/exposed/TasksTab';

const StyledPage = styled(PageWrapper)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[4]} 0`};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  a {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border: ${({ theme }) => theme.borders.default};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-decoration: none;
  }

  a[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primaryBorder};
    background: ${({ theme }) => theme.colors.primarySubtle};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const deal = dealsFixture[0];
const openTask = tasksFixture.find((task) => task.status === 'open');

const VIEWS = [
  { to: '/', label: 'Aba Tarefas (negociação)' },
  { to: '/sem-negociacao', label: 'Aba sem negociação' },
  {
    to: buildModalUrl('task-create', {
      dealId: deal?.id,
      dealName: deal?.name,
      creatorId: profileFixture.id,
    }),
    label: 'Criar tarefa',
  },
  {
    to: buildModalUrl('task-create', {
      dealId: deal?.id,
      dealName: deal?.name,
      taskId: openTask?.id,
    }),
    label: 'Editar tarefa',
  },
];

/** The remote on its own, without the shell: every exposed module over the mock api. */
export function StandalonePage() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <StyledPage>
      <StyledNote>
        Módulo tasks em execução isolada: api simulada no navegador (MSW) e host falso.
      </StyledNote>
      <StyledNav aria-label="Módulos expostos">
        {VIEWS.map((view) => (
          <Link key={view.label} to={view.to} aria-current={view.to === here ? 'page' : undefined}>
            {view.label}
          </Link>
        ))}
      </StyledNav>
      <Routes>
        <Route path="/" element={<TasksTab dealId={deal?.id ?? null} dealName={deal?.name} />} />
        <Route path="/sem-negociacao" element={<TasksTab dealId={null} />} />
        <Route path={MODAL_PATHS['task-create']} element={<TaskForm />} />
      </Routes>
    </StyledPage>
  );
}
