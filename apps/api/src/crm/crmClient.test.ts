import { crmReason, parseRetryAfter } from './crmClient';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });
});

describe('crmReason', () => {
  it('joins the v2 errors', () => {
    expect(
      crmReason({
        errors: [
          { detail: 'name is required', source: {} },
          { title: 'Invalid', field: 'stage_id' },
        ],
      }),
    ).toBe('name is required; stage_id: Invalid');
    expect(crmReason({ error_description: 'bad' })).toBe('bad');
    expect(crmReason('x')).toBeNull();
  });
});
