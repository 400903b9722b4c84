import {
  byName,
  crmUsersOf,
  sameEmail,
  sourceOfChoice,
  userOfVerifiedEmail,
  usersWithEmail,
  verifiedEmails,
} from './crmUser';

const ana = { id: 'u-1', name: 'Ana', email: 'Ana@Acme.com.br' };
const bruno = { id: 'u-2', name: 'bruno', email: 'vendas@acme.com.br' };
const carla = { id: 'u-3', name: 'Álvaro', email: 'VENDAS@acme.com.br ' };

describe('which CRM user an e-mail someone vouched for names', () => {
  it('reads one address whatever its case or surrounding spaces', () => {
    expect(sameEmail(' ana@acme.com.br', 'ANA@ACME.COM.BR')).toBe(true);
    expect(sameEmail('ana@acme.com.br', 'ana@acme.com')).toBe(false);
  });

  it("lists RD's check of a v1 token first, then the host's signature, and drops blank ones", () => {
    expect(verifiedEmails('Ana@Acme.com.br', 'host@acme.com.br')).toEqual([
      { email: 'Ana@Acme.com.br', source: 'v1-token' },
      { email: 'host@acme.com.br', source: 'host-signed-email' },
    ]);
    expect(verifiedEmails('  ', null)).toEqual([]);
    expect(verifiedEmails(undefined, 'host@acme.com.br')).toEqual([
      { email: 'host@acme.com.br', source: 'host-signed-email' },
    ]);
  });

  it('decides by the first e-mail exactly one user has; a shared one decides nothing', () => {
    const users = [ana, bruno, carla];
    expect(usersWithEmail(users, 'vendas@acme.com.br')).toEqual([bruno, carla]);
    expect(
      userOfVerifiedEmail(users, verifiedEmails('vendas@acme.com.br', 'ana@acme.com.br')),
    ).toEqual({ user: ana, source: 'host-signed-email' });
    expect(userOfVerifiedEmail(users, verifiedEmails('vendas@acme.com.br', null))).toBeNull();
    expect(userOfVerifiedEmail(users, verifiedEmails('nobody@acme.com.br', null))).toBeNull();
  });

  it("says a chosen user was the attendant's word unless a verified e-mail is theirs", () => {
    const emails = verifiedEmails('ANA@acme.com.br', 'host@acme.com.br');
    expect(sourceOfChoice(ana, emails)).toBe('v1-token');
    expect(sourceOfChoice(bruno, emails)).toBe('attendant-claim');
  });

  it('keeps each user of a CRM list once, by name as a person reads it', () => {
    const records = [bruno, { id: 7, name: 'Zé', email: 'ze@acme.com.br' }, ana, { ...ana }, 'x'];
    expect(byName(crmUsersOf(records)).map(({ id }) => id)).toEqual(['u-1', 'u-2', '7']);
    expect(byName([carla, ana]).map(({ name }) => name)).toEqual(['Álvaro', 'Ana']);
  });
});
