import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { isRetryableError, shouldRetryQuery } from './errors';

const config = { headers: new AxiosHeaders() };
const answered = (status: number) =>
  new AxiosError('falhou', 'ERR_BAD_RESPONSE', config, {}, {
    status,
    data: {},
    statusText: '',
    headers: {},
    config,
  } as AxiosResponse);

describe('which failed reads are asked again', () => {
  it('retries an api that could not be reached', () => {
    expect(isRetryableError(new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe(true);
    expect(shouldRetryQuery(0, new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe(true);
    expect(shouldRetryQuery(1, new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe(true);
    expect(shouldRetryQuery(2, new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe(false);
  });

  it.each([400, 401, 404, 422, 428, 429, 500, 502, 504])(
    'never retries what the api answered (%i): it already retried the CRM',
    (status) => {
      expect(shouldRetryQuery(0, answered(status))).toBe(false);
    },
  );

  it('does not retry its own timeout or a cancelled request', () => {
    expect(isRetryableError(new AxiosError('timeout', 'ECONNABORTED', config))).toBe(false);
    expect(isRetryableError(new AxiosError('timeout', 'ETIMEDOUT', config))).toBe(false);
    expect(isRetryableError(new AxiosError('canceled', 'ERR_CANCELED', config))).toBe(false);
    expect(isRetryableError(new Error('outro'))).toBe(false);
  });
});
