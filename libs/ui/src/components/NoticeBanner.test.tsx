import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNotice } from '@ui/hooks/useNotice';
import { renderWithTheme } from '@ui/test-utils';
import { NoticeBanner } from './NoticeBanner';

function Area({ dealId }: { dealId: string }) {
  const notice = useNotice(dealId);
  return (
    <>
      <button type="button" onClick={() => notice.success('Nota criada com sucesso!')}>
        salvar
      </button>
      <button
        type="button"
        onClick={() => notice.error('Erro ao concluir tarefa. Tente novamente.')}
      >
        falhar
      </button>
      <NoticeBanner notice={notice.notice} onClose={notice.clear} />
    </>
  );
}

describe('useNotice + NoticeBanner', () => {
  it('shows one notice at a time, until it is closed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Area dealId="deal-1" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'salvar' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nota criada com sucesso!');
    await user.click(screen.getByRole('button', { name: 'falhar' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erro ao concluir tarefa. Tente novamente.',
    );

    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts over when what it is about changes', () => {
    const { result, rerender } = renderHook(({ dealId }) => useNotice(dealId), {
      initialProps: { dealId: 'deal-1' },
    });
    act(() => result.current.success('Produto adicionado com sucesso!'));
    expect(result.current.notice).toEqual({
      tone: 'success',
      text: 'Produto adicionado com sucesso!',
    });
    rerender({ dealId: 'deal-1' });
    expect(result.current.notice).not.toBeNull();
    rerender({ dealId: 'deal-2' });
    expect(result.current.notice).toBeNull();
  });
});
