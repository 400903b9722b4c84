import { answeredError, unansweredError } from '@api-client/test-support/apiErrors';
import { isCrmBusy, isRetryableError, queryRetryDelay, shouldRetryQuery } from './errors';

describe('which failed reads are asked again', () => {
  it('retries an api that could not be reached', () => {
    expect(isRetryableError(unansweredError('ERR_NETWORK'))).toBe(true);
    expect(shouldRetryQuery(0, unansweredError('ERR_NETWORK'))).toBe(true);
    expect(shouldRetryQuery(1, unansweredError('ERR_NETWORK'))).toBe(true);
    expect(shouldRetryQuery(2, unansweredError('ERR_NETWORK'))).toBe(false);
  });

  it.each([400, 401, 404, 422, 428, 429, 500, 502, 504])(
    'never retries what the api answered (%i): it already retried the CRM',
    (status) => {
      expect(shouldRetryQuery(0, answeredError(status, {}))).toBe(false);
    },
  );

  it('does not retry its own timeout or a cancelled request', () => {
    expect(isRetryableError(unansweredError('ECONNABORTED'))).toBe(false);
    expect(isRetryableError(unansweredError('ERR_CANCELED'))).toBe(false);
    expect(isRetryableError(new Error('outro'))).toBe(false);
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('waits out a busy CRM: asked again after its Retry-After, many times, by itself', () => {
    const busy = answeredError(
      429,
      { message: 'Limite de requisições ao RD Station CRM atingido.', code: 'crm_busy' },
      { 'retry-after': '7' },
    );
    expect(isCrmBusy(busy)).toBe(true);
    expect(shouldRetryQuery(0, busy)).toBe(true);
    expect(shouldRetryQuery(19, busy)).toBe(true);
    expect(shouldRetryQuery(20, busy)).toBe(false);
    expect(queryRetryDelay(1, busy)).toBe(7_000);
    expect(
      queryRetryDelay(1, answeredError(429, { code: 'crm_busy' }, { 'retry-after': '600' })),
    ).toBe(60_000);
    expect(queryRetryDelay(1, answeredError(429, { code: 'crm_busy' }))).toBe(1_000);
  });

  it("treats the api's own 429 (too many writes, sign-ins) as an answer, not a wait", () => {
    const own = answeredError(
      429,
      { message: 'Muitas requisições em pouco tempo.' },
      { 'retry-after': '5' },
    );
    expect(isCrmBusy(own)).toBe(false);
    expect(shouldRetryQuery(0, own)).toBe(false);
    expect(queryRetryDelay(0, unansweredError('ERR_NETWORK'))).toBe(1_000);
    expect(queryRetryDelay(1, unansweredError('ERR_NETWORK'))).toBe(2_000);
  });
});
