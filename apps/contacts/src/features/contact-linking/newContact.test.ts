import { newContactInitialValues, newContactPayload, newContactSchema } from './newContact';

describe('new contact', () => {
  it('starts from the chat contact: its name and number', () => {
    expect(
      newContactInitialValues({
        id: 'h-1',
        nome: 'Mariana Costa',
        nomeSecundario: null,
        numero: '+5511987654321',
      }),
    ).toEqual({ name: 'Mariana Costa', email: '', phone: '+5511987654321', jobTitle: '' });
  });

  it('sends email as work and phone as cellphone, trimmed', () => {
    expect(
      newContactPayload({
        name: '  Mariana Costa ',
        email: ' mariana@costa.com.br ',
        phone: ' +5511987654321 ',
        jobTitle: ' Gerente ',
      }),
    ).toEqual({
      name: 'Mariana Costa',
      emails: [{ email: 'mariana@costa.com.br', type: 'work' }],
      phones: [{ phone: '+5511987654321', type: 'cellphone' }],
      job_title: 'Gerente',
    });
  });

  it('leaves out the optional fields left empty', () => {
    expect(newContactPayload({ name: 'Ana', email: ' ', phone: '', jobTitle: '' })).toEqual({
      name: 'Ana',
    });
  });

  it("requires a name ('Nome é obrigatório')", async () => {
    await expect(
      newContactSchema.validate({ name: '   ', email: '', phone: '', jobTitle: '' }),
    ).rejects.toThrow('Nome é obrigatório');
  });
});
