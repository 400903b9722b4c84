import { contactEditSchema, contactUpdatePayload } from './contactEdit';

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

  it('sends the new organization, or null when it was removed', () => {
    expect(contactUpdatePayload({ name: 'Maria', organization: acme }, null)).toEqual({
      name: 'Maria',
      organization_id: 'organization-1',
    });
    expect(contactUpdatePayload({ name: 'Maria', organization: null }, 'organization-1')).toEqual({
      name: 'Maria',
      organization_id: null,
    });
  });

  it("requires the name ('Nome do contato é obrigatório')", async () => {
    await expect(contactEditSchema.validate({ name: ' ' })).rejects.toThrow(
      'Nome do contato é obrigatório',
    );
  });
});
