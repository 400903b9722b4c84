import { MESSAGES } from '@crm-panel/crm-model';
import { getDeal } from '@api-client/resources/deals';
import { mockErrorHandler, setupTestServer } from '@api-client/testing';
import { answeredError, unansweredError } from '@api-client/test-support/apiErrors';
import { ApiClientError, getErrorMessage, isHttpStatus } from './errors';

const server = setupTestServer();

describe('getErrorMessage', () => {
  const fallback = MESSAGES.deal.createError;

  it("prefers the server's message", () => {
    expect(
      getErrorMessage(answeredError(422, { message: 'Nome já existe no CRM' }), fallback),
    ).toBe('Nome já existe no CRM');
  });

  it('uses the fallback when the answer has no usable message', () => {
    expect(getErrorMessage(answeredError(500, {}), fallback)).toBe(fallback);
    expect(getErrorMessage(answeredError(500, { message: '   ' }), fallback)).toBe(fallback);
    expect(getErrorMessage(answeredError(500, { message: 42 }), fallback)).toBe(fallback);
    expect(getErrorMessage(answeredError(502, '<html>Bad gateway</html>'), fallback)).toBe(
      fallback,
    );
    expect(getErrorMessage(unansweredError('ECONNABORTED'), fallback)).toBe(fallback);
  });

  it("shows the client's own pt-BR errors, but never a programming error's text", () => {
    expect(getErrorMessage(new ApiClientError('Contato criado sem ID'), fallback)).toBe(
      'Contato criado sem ID',
    );
    expect(getErrorMessage(new TypeError('x is undefined'), fallback)).toBe(fallback);
    expect(getErrorMessage('texto', fallback)).toBe(fallback);
    expect(getErrorMessage(undefined, fallback)).toBe(fallback);
  });

  it('reads the message of a real api answer', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/deals/:id',
        status: 404,
        message: 'Registro não encontrado no RD Station CRM.',
      }),
    );
    const error = await getDeal('deal-x').catch((caught: unknown) => caught);

    expect(getErrorMessage(error, fallback)).toBe('Registro não encontrado no RD Station CRM.');
  });
});

describe('isHttpStatus', () => {
  it('matches the status of an HTTP answer only', () => {
    expect(isHttpStatus(answeredError(403, { message: 'x' }), 403)).toBe(true);
    expect(isHttpStatus(answeredError(401, {}), 403)).toBe(false);
    expect(isHttpStatus(unansweredError('ERR_NETWORK'), 403)).toBe(false);
    expect(isHttpStatus(new Error('403'), 403)).toBe(false);
  });
});
