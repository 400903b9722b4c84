import { contactEditSchema, contactUpdatePayload, organizationRemovalRefused } from './contactEdit';

describe('contact edit payload', () => {
  const acme = { value: 'organization-1', label: 'Acme' };

  it('sends only the name when the organization did not change', () => {
    expect(contactUpdatePayload({ name: ' Maria ', organization: acme }, 'organization-1')).toEqual(
      { name: 'Maria' },
    );
    expect(contactUpdatePayload({ name: 'Maria', organization: null }, null)).toEqual({
      name: 'Maria',
    });
  });

  it('sends the new organization, never null', () => {
    expect(contactUpdatePayload({ name: 'Maria', organization: acme }, null)).toEqual({
      name: 'Maria',
      organization_id: 'organization-1',
    });
    expect(contactUpdatePayload({ name: 'Maria', organization: null }, 'organization-1')).toEqual({
      name: 'Maria',
    });
  });

  it('refuses only leaving a contact that had an organization without one', () => {
    expect(organizationRemovalRefused(null, 'organization-1')).toBe(true);
    expect(organizationRemovalRefused(null, null)).toBe(false);
    expect(organizationRemovalRefused(acme, 'organization-2')).toBe(false);
    expect(organizationRemovalRefused(acme, null)).toBe(false);
  });

  it("requires the name ('Nome do contato é obrigatório')", async () => {
    await expect(contactEditSchema.validate({ name: ' ' })).rejects.toThrow(
      'Nome do contato é obrigatório',
    );
  });
});
