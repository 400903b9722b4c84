import { screen, waitFor } from '@testing-library/react';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { formatDateTime } from '@crm-panel/format';
import { renderWithProviders } from '@notes/test-utils';
import { NoteViewForm } from './NoteViewForm';

const server = setupTestServer();

const registeredAt = new Date(2025, 2, 11, 9, 15).toISOString();

describe('NoteViewForm', () => {
  it('shows the note read-only with its date and deal, formatting kept', async () => {
    await renderWithProviders(<NoteViewForm />, {
      route: buildModalUrl('note-view', {
        body: '<p>Reunião com a <strong>diretoria</strong> confirmada.</p><ul><li>Proposta</li></ul>',
        registeredAt,
        dealName: 'Contrato anual Acme',
      }),
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Nota' })).toBeInTheDocument();
    expect(screen.getByText('Contrato anual Acme')).toBeInTheDocument();
    expect(formatDateTime(registeredAt)).toBe('11/03/2025 09:15');
    expect(screen.getByText('11/03/2025 09:15')).toBeInTheDocument();
    const note = screen.getByRole('article', { name: 'Conteúdo da nota' });
    expect(note).toHaveTextContent('Reunião com a diretoria confirmada.Proposta');
    expect(screen.getByText('diretoria').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('Proposta');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('keeps the line breaks of a plain-text note', async () => {
    await renderWithProviders(<NoteViewForm />, {
      route: buildModalUrl('note-view', { body: 'Linha 1\n\nLinha 2', registeredAt }),
    });
    const note = screen.getByRole('article', { name: 'Conteúdo da nota' });
    expect(note.firstElementChild).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(note.firstElementChild?.textContent).toBe('Linha 1\n\nLinha 2');
    expect(screen.queryByText('Negociação')).not.toBeInTheDocument();
  });

  it('"Fechar" closes the modal without a change', async () => {
    const { user, adapter } = await renderWithProviders(<NoteViewForm />, {
      route: buildModalUrl('note-view', { body: 'Nota', registeredAt, dealName: 'X' }),
    });
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  });

  it('explains a broken link instead of showing an empty note', async () => {
    await renderWithProviders(<NoteViewForm />, {
      route: `${MODAL_PATHS['note-view']}?registeredAt=ontem`,
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível abrir a nota.');
    expect(alert).toHaveTextContent(
      'Parâmetros inválidos em /note-view-modal: body (obrigatório), registeredAt (valor inválido)',
    );
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeEnabled();
  });
});
