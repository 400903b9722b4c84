import { contactIdOf, NEW_CONTACT_EMAIL_TYPE, NEW_CONTACT_PHONE_TYPE } from './contact';

describe('contactIdOf', () => {
  it('reads id, then _id', () => {
    expect(contactIdOf({ id: 'c1' })).toBe('c1');
    expect(contactIdOf({ _id: 'legacy-1' })).toBe('legacy-1');
    expect(contactIdOf({ id: 'c1', _id: 'legacy-1' })).toBe('c1');
  });

  it('turns numeric ids into strings', () => {
    expect(contactIdOf({ id: 42 })).toBe('42');
  });

  it('answers null when the response carries no id', () => {
    expect(contactIdOf({})).toBeNull();
    expect(contactIdOf({ id: null, _id: null })).toBeNull();
    expect(contactIdOf({ id: '' })).toBeNull();
  });

  it('writes new contacts with a work email and a cellphone phone', () => {
    expect(NEW_CONTACT_EMAIL_TYPE).toBe('work');
    expect(NEW_CONTACT_PHONE_TYPE).toBe('cellphone');
  });
});

describe('contactIdOf with an empty id', () => {
  it('falls back to _id', () => {
    expect(contactIdOf({ id: '', _id: 'legacy-2' })).toBe('legacy-2');
  });
});
