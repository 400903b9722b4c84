import {
  readPage,
  readPayload,
  readRecord,
  requestConfig,
  UnexpectedResponseError,
} from './envelope';
import { type ApiResponse } from './http';

const response = <T>(data: T): ApiResponse<T> => ({
  data,
  status: 200,
  headers: new Headers(),
  config: { method: 'GET', url: '/api/test', headers: new Headers() },
});

describe('envelope readers', () => {
  it('readRecord unwraps data.data.data', () => {
    expect(readRecord(response({ data: { data: { id: 'deal-1' } } }))).toEqual({ id: 'deal-1' });
    expect(() => readRecord(response({ data: { id: 'deal-1' } } as never))).toThrow(
      UnexpectedResponseError,
    );
  });

  it('readPage returns the list, links.next and limitedTo (null when absent)', () => {
    expect(
      readPage(response({ data: { data: [1, 2], links: { next: '/api/x?page=2' } } })),
    ).toEqual({
      data: [1, 2],
      next: '/api/x?page=2',
      limitedTo: null,
    });
    expect(readPage(response({ data: { data: [], links: {} } }))).toEqual({
      data: [],
      next: null,
      limitedTo: null,
    });
    // The api's scan of a contact's deals stopped at its bound.
    expect(readPage(response({ data: { data: [1], links: {}, limitedTo: 500 } } as never))).toEqual(
      { data: [1], next: null, limitedTo: 500 },
    );
    expect(() => readPage(response({ data: [] } as never))).toThrow(UnexpectedResponseError);
  });

  it('readPayload reads data.data, and also a bare payload (none of these has a data key)', () => {
    expect(readPayload(response({ data: { accepted: true } }))).toEqual({ accepted: true });
    expect(readPayload(response({ accepted: true }))).toEqual({ accepted: true });
    expect(readPayload(response({ dealId: null }))).toEqual({ dealId: null });
    expect(readPayload(response({ data: [{ IdMessage: '1' }] }))).toEqual([{ IdMessage: '1' }]);
    expect(() => readPayload(response(''))).toThrow(UnexpectedResponseError);
  });
});

describe('requestConfig', () => {
  it('drops undefined and empty params, adds the bypass header only on refresh', () => {
    expect(requestConfig({}, { limit: 200, page: undefined, filter: '' })).toEqual({
      params: { limit: 200 },
    });
    expect(requestConfig({ refresh: true })).toEqual({ headers: { 'x-cache-bypass': '1' } });
    expect(requestConfig()).toEqual({});
  });
});
