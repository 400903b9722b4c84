import { dueDateInputValue, dueDateToIso } from './dueDate';

describe('dueDateToIso', () => {
  it('sends local noon of the picked day as an ISO date-time', () => {
    const iso = dueDateToIso('2025-03-20');
    expect(iso).toBe(new Date(2025, 2, 20, 12).toISOString());
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Read back in the same zone it is still the picked day.
    expect(dueDateInputValue(iso)).toBe('2025-03-20');
  });

  it('keeps the original date-time when the day did not change', () => {
    const original = '2025-03-20T13:00:00.000Z';
    const day = dueDateInputValue(original);
    expect(dueDateToIso(day, original)).toBe(original);
  });

  it('uses the new day when it changed', () => {
    expect(dueDateToIso('2025-03-21', '2025-03-20T13:00:00.000Z')).toBe(
      new Date(2025, 2, 21, 12).toISOString(),
    );
  });

  it.each(['', '20/03/2025', '2025-02-30', '2025-13-01', 'amanhã'])('rejects %p', (value) => {
    expect(dueDateToIso(value)).toBeNull();
  });
});

describe('dueDateInputValue', () => {
  it("is '' for a task without a due date", () => {
    expect(dueDateInputValue(null)).toBe('');
    expect(dueDateInputValue(undefined)).toBe('');
  });
});
