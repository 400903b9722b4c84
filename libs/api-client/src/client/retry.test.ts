import { answeredError, unansweredError } from '@api-client/test-support/apiErrors';
import { isRetryableError, shouldRetryQuery } from './errors';

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
});
