import {
  buildModalUrl,
  FORM_WINDOW,
  isModalResult,
  MODAL_PATHS,
  MODAL_ROUTES,
  modalRouteFromPath,
  modalTitle,
  parseModalQuery,
} from './modals';

describe('modal routes', () => {
  it('lists the nine modal pages of PRODUCT.md §2', () => {
    expect(MODAL_ROUTES.map((route) => MODAL_PATHS[route])).toEqual([
      '/contact-edit-modal',
      '/deal-create-modal',
      '/note-create-modal',
      '/note-view-modal',
      '/task-create-modal',
      '/product-create-modal',
      '/credentials-setup-modal',
      '/credentials-manager-modal',
      '/remove-integration-modal',
    ]);
  });

  it('finds the route of a pathname, with or without a base path', () => {
    expect(modalRouteFromPath('/task-create-modal')).toBe('task-create');
    expect(modalRouteFromPath('/painel/note-view-modal/')).toBe('note-view');
    expect(modalRouteFromPath('/contact-linking')).toBeNull();
  });

  it('opens forms 600 × 700', () => {
    expect(FORM_WINDOW).toEqual({ width: 600, height: 700 });
  });
});

describe('buildModalUrl', () => {
  it('writes the contact-edit query in field order', () => {
    expect(
      buildModalUrl('contact-edit', {
        organizationName: 'Costa & Filhos',
        name: 'Mariana Costa',
        contactId: 'c-1',
        organizationId: 'org-9',
      }),
    ).toBe(
      '/contact-edit-modal?contactId=c-1&name=Mariana+Costa&organizationId=org-9&organizationName=Costa+%26+Filhos',
    );
  });

  it('leaves out absent, null and empty optional values', () => {
    expect(
      buildModalUrl('task-create', {
        dealId: 'd-1',
        dealName: 'Implantação CRM',
        taskId: null,
        creatorId: '',
      }),
    ).toBe('/task-create-modal?dealId=d-1&dealName=Implanta%C3%A7%C3%A3o+CRM');
    expect(buildModalUrl('deal-create', {})).toBe('/deal-create-modal');
    expect(buildModalUrl('remove-integration', {})).toBe('/remove-integration-modal');
  });

  it('keeps an empty required text', () => {
    expect(buildModalUrl('contact-edit', { contactId: 'c-1', name: '' })).toBe(
      '/contact-edit-modal?contactId=c-1&name=',
    );
  });

  it('round-trips through parseModalQuery', () => {
    const query = {
      dealId: 'd-7',
      dealName: 'Licenças adicionais',
      userId: 'u-1',
      chatId: 'at-1001',
      channelId: 'canal-whatsapp',
    };
    const url = new URL(buildModalUrl('note-create', query), 'http://painel.test');
    expect(url.pathname).toBe('/note-create-modal');
    expect(parseModalQuery('note-create', url.searchParams)).toEqual({ ok: true, query });
  });
});

describe('parseModalQuery', () => {
  it('returns a typed query and ignores parameters the host adds', () => {
    const params = new URLSearchParams(
      'productId=dp-3&dealId=d-1&dealName=X&hostSdk=http%3A%2F%2Fh%2Fsdk.js',
    );
    expect(parseModalQuery('product-create', params)).toEqual({
      ok: true,
      query: { dealId: 'd-1', dealName: 'X', productId: 'dp-3' },
    });
  });

  it('treats empty optional values as absent', () => {
    expect(parseModalQuery('task-create', new URLSearchParams('dealId=&taskId='))).toEqual({
      ok: true,
      query: {},
    });
  });

  it('reports missing required fields', () => {
    const result = parseModalQuery('contact-edit', new URLSearchParams('name=Ana'));
    expect(result).toEqual({
      ok: false,
      issues: [{ field: 'contactId', problem: 'missing' }],
      error: 'Parâmetros inválidos em /contact-edit-modal: contactId (obrigatório)',
    });
  });

  it('rejects a note date that is not a date', () => {
    const result = parseModalQuery(
      'note-view',
      new URLSearchParams('body=%3Cp%3EOi%3C%2Fp%3E&registeredAt=ontem'),
    );
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.issues).toEqual([
      { field: 'registeredAt', problem: 'invalid' },
    ]);
  });

  it('rejects a blank id', () => {
    const result = parseModalQuery('deal-create', new URLSearchParams('contactId=%20%20'));
    expect(result.ok === false && result.issues).toEqual([
      { field: 'contactId', problem: 'invalid' },
    ]);
  });

  it('reads a note to view', () => {
    expect(
      parseModalQuery(
        'note-view',
        new URLSearchParams('body=Oi&registeredAt=2024-05-10T13:00:00Z&dealName=Y'),
      ),
    ).toEqual({
      ok: true,
      query: { body: 'Oi', registeredAt: '2024-05-10T13:00:00Z', dealName: 'Y' },
    });
  });
});

describe('modal results', () => {
  it('accepts cancel and the result of each form', () => {
    expect(isModalResult({ success: false })).toBe(true);
    expect(isModalResult({ success: true, updated: true })).toBe(true);
    expect(isModalResult({ success: true, dealId: 'd-9' })).toBe(true);
    expect(isModalResult({ success: true, removed: true, usersAffected: 3 })).toBe(true);
    expect(isModalResult({ success: true, task: { id: 't-1', name: 'Ligar' } })).toBe(true);
    expect(isModalResult({ success: true, product: { id: 'dp-1', quantity: 1 } })).toBe(true);
    expect(isModalResult({ success: true, updated: true, note: { id: 'n-1' } })).toBe(true);
  });

  it('rejects malformed results', () => {
    expect(isModalResult(null)).toBe(false);
    expect(isModalResult({})).toBe(false);
    expect(isModalResult({ success: 'true' })).toBe(false);
    expect(isModalResult({ success: true, updated: 'sim' })).toBe(false);
    expect(isModalResult({ success: true, usersAffected: -1 })).toBe(false);
    expect(isModalResult({ success: true, task: { id: 1 } })).toBe(false);
    expect(isModalResult({ success: true, note: 'n-1' })).toBe(false);
    expect(isModalResult({ success: true, dealId: 42 })).toBe(false);
  });
});

describe('modal titles', () => {
  it('uses the spec titles for create and edit', () => {
    expect(modalTitle('task-create', { dealId: 'd-1' })).toBe('Criar Tarefa');
    expect(modalTitle('task-create', { dealId: 'd-1', taskId: 't-1' })).toBe('Editar Tarefa');
    expect(modalTitle('product-create', { dealId: 'd-1' })).toBe('Adicionar Produto');
    expect(modalTitle('product-create', { dealId: 'd-1', productId: 'p' })).toBe('Editar Produto');
    expect(modalTitle('deal-create', {})).toBe('Criar Negociação');
    expect(modalTitle('note-create', {})).toBe('Adicionar Nota');
    expect(modalTitle('credentials-manager', {})).toBe('Gerenciar Integração');
  });
});
