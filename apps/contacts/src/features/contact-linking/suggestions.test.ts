import { type Contact } from '@crm-panel/crm-model';
import {
  MAX_NAME_SUGGESTIONS,
  nameSearchTerm,
  phoneSearchTerm,
  rankSuggestions,
} from './suggestions';

const contact = (id: string, name: string, phones: string[] = []): Contact => ({
  id,
  name,
  organization_id: null,
  emails: [],
  phones: phones.map((phone) => ({ phone, type: 'mobile' })),
  job_title: null,
});

describe('phoneSearchTerm', () => {
  it('asks once with the national digits of a Brazilian number, however the chat wrote it', () => {
    expect(phoneSearchTerm('+55 11 98765-4321')).toBe('11987654321');
    expect(phoneSearchTerm('5511987654321')).toBe('11987654321');
    // An old 8-digit mobile is asked with its 9 (the api also asks the CRM without it).
    expect(phoneSearchTerm('(11) 8765-4321')).toBe('11987654321');
    expect(phoneSearchTerm('+55 21 3456-7890')).toBe('2134567890');
  });

  it('searches a foreign number by its international digits', () => {
    expect(phoneSearchTerm('+1 415 555 2671')).toBe('14155552671');
  });

  it('falls back to the digits of a number without area code, and skips what is no number', () => {
    expect(phoneSearchTerm('98765-4321')).toBe('987654321');
    expect(phoneSearchTerm('1234')).toBeNull();
    expect(phoneSearchTerm('')).toBeNull();
    expect(phoneSearchTerm(null)).toBeNull();
  });
});

describe('nameSearchTerm', () => {
  it('uses a real name, spaces tidied', () => {
    expect(nameSearchTerm('  Maria   Oliveira ')).toBe('Maria Oliveira');
  });

  it('ignores blank names, single letters, e-mails and numbers used as names', () => {
    expect(nameSearchTerm('')).toBeNull();
    expect(nameSearchTerm(null)).toBeNull();
    expect(nameSearchTerm('M')).toBeNull();
    expect(nameSearchTerm('maria@acme.com.br')).toBeNull();
    expect(nameSearchTerm('+55 11 98765-4321')).toBeNull();
  });
});

describe('rankSuggestions', () => {
  it('keeps only phone results whose number really matches (extra 9, E.164)', () => {
    const same = contact('c-1', 'Maria', ['+55 11 98765-4321']);
    const oldFormat = contact('c-2', 'Maria antiga', ['1187654321']);
    const otherArea = contact('c-3', 'Outra pessoa', ['+55 21 98765-4321']);
    const result = rankSuggestions(
      { numero: '11 98765-4321', nome: '' },
      [same, oldFormat, otherArea],
      [],
    );
    expect(result.map((item) => [item.id, item.reason])).toEqual([
      ['c-1', 'phone'],
      ['c-2', 'phone'],
    ]);
  });

  it('lists phone matches first, each contact once, exact names before partial ones', () => {
    const byPhone = contact('c-1', 'Maria Oliveira', ['+5511987654321']);
    const partial = contact('c-2', 'Maria Oliveira Santos');
    const exact = contact('c-3', 'maría oliveira');
    const result = rankSuggestions(
      { numero: '+5511987654321', nome: 'Maria Oliveira' },
      [byPhone, byPhone],
      [partial, byPhone, exact],
    );
    expect(result.map((item) => [item.id, item.reason])).toEqual([
      ['c-1', 'phone-and-name'],
      ['c-3', 'name'],
      ['c-2', 'name'],
    ]);
  });

  it('offers only the first few name matches', () => {
    const many = Array.from({ length: 9 }, (_, index) => contact(`c-${index}`, `Maria ${index}`));
    const result = rankSuggestions({ numero: null, nome: 'Maria' }, [], many);
    expect(result).toHaveLength(MAX_NAME_SUGGESTIONS);
  });
});
