import { screen } from '@testing-library/react';
import { useNavigate } from '@crm-panel/contracts/router';
import { currentLocation, renderRemote } from './render';

function GoHome() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/')}>
      Voltar
    </button>
  );
}

describe('renderRemote', () => {
  it('mounts a page at its route, with the main panel at / to see where a form returns', async () => {
    const { user } = renderRemote(<GoHome />, {
      route: '/contact-edit-modal?contactId=c-1',
      mountAt: '/contact-edit-modal',
      mainPanel: true,
    });
    expect(currentLocation()).toBe('/contact-edit-modal?contactId=c-1');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('keeps its providers (cache, router, host) when the element is re-rendered', () => {
    const rendered = renderRemote(<p>primeiro</p>);
    rendered.queryClient.setQueryData(['marca'], 1);
    rendered.rerenderWith(<p>segundo</p>);
    expect(screen.getByText('segundo')).toBeInTheDocument();
    expect(rendered.queryClient.getQueryData(['marca'])).toBe(1);
  });
});
