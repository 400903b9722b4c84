import { screen } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import {
  CHANNEL_ID_FIXTURE,
  CHAT_ID_FIXTURE,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { buildModalUrl } from '@crm-panel/contracts';
import { renderWithProviders } from '@notes/test-utils';
import { NoteCreateForm } from './NoteCreateForm';
import { NotesTab } from './NotesTab';
import { NoteViewForm } from './NoteViewForm';

expect.extend(toHaveNoViolations);

setupTestServer();

describe('accessibility (axe)', () => {
  it('the tab with its timeline', async () => {
    const { container } = await renderWithProviders(
      <NotesTab dealId="deal-1" dealName="Contrato anual Acme" />,
    );
    await screen.findByText('Ana Souza');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('the create form importing from the chat', async () => {
    const { container, user } = await renderWithProviders(<NoteCreateForm />, {
      route: buildModalUrl('note-create', {
        dealId: 'deal-1',
        dealName: 'Contrato anual Acme',
        userId: 'user-1',
        chatId: CHAT_ID_FIXTURE,
        channelId: CHANNEL_ID_FIXTURE,
      }),
    });
    await user.click(screen.getByRole('radio', { name: 'Importar do chat' }));
    await screen.findAllByRole('checkbox');
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar Nota' }));
    await screen.findByText('O conteúdo da nota é obrigatório');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('the view', async () => {
    const { container } = await renderWithProviders(<NoteViewForm />, {
      route: buildModalUrl('note-view', {
        body: '<p>Nota <a href="https://exemplo.com.br">com link</a></p>',
        registeredAt: '2025-03-11T09:15:00.000Z',
        dealName: 'Contrato anual Acme',
      }),
    });
    expect(await axe(container)).toHaveNoViolations();
  });
});
