import { formatDateTimeIn, startOfDayIn } from './zonedDates';

const SP = 'America/Sao_Paulo';

describe('dates in a named time zone', () => {
  it('a São Paulo day starts at 03:00 UTC (no daylight saving since 2019)', () => {
    expect(new Date(startOfDayIn('2026-11-26', SP) ?? 0).toISOString()).toBe(
      '2026-11-26T03:00:00.000Z',
    );
  });

  it('in a summer of daylight saving (2018-12) it started at 02:00 UTC', () => {
    expect(new Date(startOfDayIn('2018-12-10', SP) ?? 0).toISOString()).toBe(
      '2018-12-10T02:00:00.000Z',
    );
  });

  it('refuses what is not a calendar day', () => {
    expect(startOfDayIn('2026-02-30', SP)).toBeNull();
    expect(startOfDayIn('26/11/2026', SP)).toBeNull();
  });

  it("formats an instant as dd/mm/yyyy HH:mm on the zone's clock", () => {
    expect(formatDateTimeIn(Date.parse('2026-11-26T02:30:00Z'), SP)).toBe('25/11/2026 23:30');
    expect(formatDateTimeIn(Date.parse('2026-01-05T15:04:00Z'), 'UTC')).toBe('05/01/2026 15:04');
  });
});
