import {
  dayGroupLabel,
  formatDate,
  formatDateTime,
  formatTime,
  groupByDay,
  maskDateText,
  parseDateText,
  toDate,
  toDateInputValue,
} from './dates';

describe('formatDate / formatTime / formatDateTime', () => {
  const moment = new Date(2024, 2, 5, 9, 7, 30);

  it('formats dd/mm/yyyy with zero padding', () => {
    expect(formatDate(moment)).toBe('05/03/2024');
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023');
  });

  it('formats HH:mm on a 24-hour clock', () => {
    expect(formatTime(moment)).toBe('09:07');
    expect(formatTime(new Date(2024, 0, 1, 0, 0))).toBe('00:00');
    expect(formatTime(new Date(2024, 0, 1, 23, 5))).toBe('23:05');
  });

  it('joins both as dd/mm/yyyy HH:mm', () => {
    expect(formatDateTime(moment)).toBe('05/03/2024 09:07');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDateTime('2024-03-05T09:07:00')).toBe('05/03/2024 09:07');
    expect(formatDateTime(moment.getTime())).toBe('05/03/2024 09:07');
  });

  it('reads a bare yyyy-mm-dd as that calendar day', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(toDate('2024-03-05')?.getHours()).toBe(0);
  });

  it('answers an empty text for what is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatDateTime(new Date(NaN))).toBe('');
    expect(formatDate(NaN)).toBe('');
    expect(toDate('2024-13-45T99:00')).toBeNull();
  });

  it('gives the value of a date input', () => {
    expect(toDateInputValue(moment)).toBe('2024-03-05');
    expect(toDateInputValue('2024-12-09')).toBe('2024-12-09');
    expect(toDateInputValue('x')).toBe('');
  });
});

describe('dayGroupLabel', () => {
  const justAfterMidnight = new Date(2024, 2, 5, 0, 0, 1);
  const justBeforeMidnight = new Date(2024, 2, 5, 23, 59, 59);

  it("says 'Hoje' for the same local day, even a second after midnight", () => {
    expect(dayGroupLabel(new Date(2024, 2, 5, 0, 0, 0), justAfterMidnight)).toBe('Hoje');
    expect(dayGroupLabel(new Date(2024, 2, 5, 0, 0, 0), justBeforeMidnight)).toBe('Hoje');
  });

  it("says 'Ontem' for the day before, even one second earlier", () => {
    expect(dayGroupLabel(new Date(2024, 2, 4, 23, 59, 59), justAfterMidnight)).toBe('Ontem');
    expect(dayGroupLabel(new Date(2024, 2, 4, 0, 0, 0), justBeforeMidnight)).toBe('Ontem');
  });

  it('shows dd/mm/yyyy for older days and future days', () => {
    expect(dayGroupLabel(new Date(2024, 2, 3, 23, 59, 59), justAfterMidnight)).toBe('03/03/2024');
    expect(dayGroupLabel(new Date(2024, 2, 6, 0, 0, 0), justBeforeMidnight)).toBe('06/03/2024');
  });

  it('crosses month and year boundaries', () => {
    expect(dayGroupLabel(new Date(2023, 11, 31, 22, 0), new Date(2024, 0, 1, 8, 0))).toBe('Ontem');
    expect(dayGroupLabel(new Date(2024, 1, 29, 10, 0), new Date(2024, 2, 1, 10, 0))).toBe('Ontem');
  });

  describe('with the clock at a fixed moment', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      jest.setSystemTime(new Date(2024, 2, 5, 0, 0, 5));
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('defaults now to the current time', () => {
      expect(dayGroupLabel(new Date(2024, 2, 5, 0, 0, 1))).toBe('Hoje');
      expect(dayGroupLabel(new Date(2024, 2, 4, 23, 59, 59))).toBe('Ontem');
      expect(dayGroupLabel('2024-03-03T12:00:00')).toBe('03/03/2024');
    });

    it('moves on when the clock passes midnight', () => {
      const note = new Date(2024, 2, 5, 23, 59, 0);
      jest.setSystemTime(new Date(2024, 2, 5, 23, 59, 59));
      expect(dayGroupLabel(note)).toBe('Hoje');
      jest.setSystemTime(new Date(2024, 2, 6, 0, 0, 0));
      expect(dayGroupLabel(note)).toBe('Ontem');
      jest.setSystemTime(new Date(2024, 2, 7, 0, 0, 0));
      expect(dayGroupLabel(note)).toBe('05/03/2024');
    });
  });
});

describe('groupByDay', () => {
  const now = new Date(2024, 2, 5, 10, 0);
  const notes = [
    { id: 'n1', at: '2024-03-05T09:30:00' },
    { id: 'n2', at: '2024-03-05T08:00:00' },
    { id: 'n3', at: '2024-03-04T18:00:00' },
    { id: 'n4', at: '2024-02-28T12:00:00' },
    { id: 'n5', at: '2024-02-28T07:00:00' },
  ];

  it('groups by local day under Hoje / Ontem / dd/mm/yyyy, keeping order', () => {
    const groups = groupByDay(notes, (n) => n.at, now);
    expect(groups.map((g) => [g.key, g.label, g.items.map((n) => n.id)])).toEqual([
      ['2024-03-05', 'Hoje', ['n1', 'n2']],
      ['2024-03-04', 'Ontem', ['n3']],
      ['2024-02-28', '28/02/2024', ['n4', 'n5']],
    ]);
  });

  it('puts items of the same day together even when not adjacent', () => {
    const mixed = [notes[0], notes[3], notes[1]].filter((n) => n !== undefined);
    const groups = groupByDay(mixed, (n) => n.at, now);
    expect(groups.map((g) => g.items.map((n) => n.id))).toEqual([['n1', 'n2'], ['n4']]);
  });

  it('keeps items without a valid date in an unlabelled group', () => {
    const groups = groupByDay([{ at: 'x' }, { at: '2024-03-05T01:00:00' }], (n) => n.at, now);
    expect(groups.map((g) => [g.key, g.label, g.items.length])).toEqual([
      ['', '', 1],
      ['2024-03-05', 'Hoje', 1],
    ]);
  });

  it('returns no groups for no items', () => {
    expect(groupByDay([], () => '2024-01-01', now)).toEqual([]);
  });
});

describe('dd/mm/yyyy typed in a date field', () => {
  it('puts the slashes in while typing, digits only, at most eight', () => {
    expect(maskDateText('3')).toBe('3');
    expect(maskDateText('301')).toBe('30/1');
    expect(maskDateText('3011')).toBe('30/11');
    expect(maskDateText('30112026')).toBe('30/11/2026');
    expect(maskDateText('30/11/2026')).toBe('30/11/2026');
    expect(maskDateText('30-11-20261')).toBe('30/11/2026');
    expect(maskDateText('')).toBe('');
  });

  it('reads a real calendar day as yyyy-mm-dd, day first', () => {
    expect(parseDateText('05/03/2026')).toBe('2026-03-05');
    expect(parseDateText(' 29/02/2024 ')).toBe('2024-02-29');
    expect(parseDateText('29/02/2026')).toBeNull();
    expect(parseDateText('31/04/2026')).toBeNull();
    expect(parseDateText('12/13/2026')).toBeNull();
    expect(parseDateText('2026-03-05')).toBeNull();
    expect(parseDateText('05/03/26')).toBeNull();
  });
});
