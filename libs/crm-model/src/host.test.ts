import { linkableHostContact, type HostAttendance } from './host';

const attendance = (contato?: HostAttendance['contato']): HostAttendance => ({
  atendimentoId: 'at-7',
  canalId: 'canal-1',
  descricao: 'Visitante do site',
  contato,
});

describe('linkableHostContact', () => {
  it('is the host contact itself when it has an id', () => {
    const contato = { id: 'h-1', nome: 'Mariana', nomeSecundario: null, numero: null };
    expect(linkableHostContact(attendance(contato))).toBe(contato);
  });

  it('keys a contact given without an id but with a name or phone by its attendance', () => {
    expect(
      linkableHostContact(
        attendance({ id: ' ', nome: 'Carlos', nomeSecundario: null, numero: null }),
      ),
    ).toEqual({ id: 'atendimento:at-7', nome: 'Carlos', nomeSecundario: null, numero: null });
    expect(
      linkableHostContact(attendance({ id: '', nome: '', nomeSecundario: null, numero: '+55 11' }))
        ?.id,
    ).toBe('atendimento:at-7');
  });

  it('is null without an attendance, without a contact, or with nothing to know it by', () => {
    expect(linkableHostContact(null)).toBeNull();
    expect(linkableHostContact(attendance())).toBeNull();
    expect(
      linkableHostContact(attendance({ id: '', nome: ' ', nomeSecundario: 'x', numero: null })),
    ).toBeNull();
  });
});
