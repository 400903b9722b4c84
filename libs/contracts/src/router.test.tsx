/**
 * @jest-environment jest-fixed-jsdom
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function DealName() {
  const [params] = useSearchParams();
  return <p>{`Negociação: ${params.get('dealName') ?? '(nenhuma)'}`}</p>;
}

function GoButton({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      Ir
    </button>
  );
}

function Pages() {
  return (
    <>
      <Routes>
        <Route path="/" element={<p>Painel principal</p>} />
        <Route path="/note-create-modal" element={<DealName />} />
        <Route path="/contact-linking" element={<GoButton to="/?chat=2" />} />
        <Route path="/old" element={<Navigate to="/note-create-modal?dealName=Nova" replace />} />
        <Route path="*" element={<p>Página não encontrada</p>} />
      </Routes>
      <Where />
    </>
  );
}

describe('MemoryRouter and Routes', () => {
  it('renders the first route whose path matches, and the catch-all for any other path', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    expect(screen.queryByText('Página não encontrada')).not.toBeInTheDocument();
    unmount();

    render(
      <MemoryRouter initialEntries={['/nao-existe']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Página não encontrada')).toBeInTheDocument();
  });

  it('matches a path with a trailing slash or other letter case, as react-router did', () => {
    render(
      <MemoryRouter initialEntries={['/Note-Create-Modal/?dealName=Ac%C3%A1cia']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Negociação: Acácia')).toBeInTheDocument();
  });

  it('starts at the last of its initial entries', () => {
    render(
      <MemoryRouter initialEntries={['/', '/note-create-modal?dealName=Segunda']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Negociação: Segunda')).toBeInTheDocument();
  });

  it('redirects with <Navigate>, query included', () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Negociação: Nova')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/note-create-modal?dealName=Nova');
  });

  it('navigates with useNavigate, and useLocation gives the path and the query', async () => {
    render(
      <MemoryRouter initialEntries={['/contact-linking']}>
        <Pages />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ir' }));
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/?chat=2');
  });
});

describe('useSearchParams', () => {
  it('decodes each value once: an escape in a value stays as typed', () => {
    // 'Desconto 50%41' sent as its query: the '%' is '%25'.
    render(
      <MemoryRouter
        initialEntries={['/note-create-modal?dealName=Desconto%2050%2541%20%26%20mais']}
      >
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Negociação: Desconto 50%41 & mais')).toBeInTheDocument();
  });

  it('reads nothing when the location has no query', () => {
    render(
      <MemoryRouter initialEntries={['/note-create-modal']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Negociação: (nenhuma)')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/note-create-modal$/);
  });
});

describe('BrowserRouter', () => {
  it('follows the browser location: links, navigate with replace, and back', async () => {
    // Before anything listens to the location.
    window.history.replaceState(null, '', '/contact-linking');
    render(
      <BrowserRouter>
        <Link to="/note-create-modal?dealName=Link">Abrir nota</Link>
        <GoButton to="/" replace />
        <Pages />
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'Abrir nota' })).toHaveAttribute(
      'href',
      '/note-create-modal?dealName=Link',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Abrir nota' }));
    expect(screen.getByText('Negociação: Link')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/note-create-modal');
    expect(window.history.length).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: 'Ir' }));
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    // Replaced: the note page's entry is gone, the history did not grow.
    expect(window.history.length).toBe(2);

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/contact-linking$/);
  });
});
