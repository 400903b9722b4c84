import { MESSAGES } from './messages';
import { SPEC_QUOTED_TEXTS } from './spec-texts.fixture';

function allTexts(node: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => allTexts(value, [...path, key]));
  }
  return [];
}

describe('MESSAGES', () => {
  it.each(allTexts(MESSAGES))('%s is quoted verbatim in the spec', (_path, text) => {
    expect(SPEC_QUOTED_TEXTS).toContain(text);
  });

  it('covers a representative text of every area', () => {
    expect(MESSAGES.guards.checkingAuth).toBe('Verificando autenticação...');
    expect(MESSAGES.notes.contentTooLong).toBe('O conteúdo não pode exceder 5000 caracteres');
    expect(MESSAGES.tasks.descriptionTooShort).toBe(
      'A descrição é obrigatória e deve ter no mínimo 3 caracteres',
    );
    expect(MESSAGES.chatImport.loadError).toBe(
      'Erro ao carregar mensagens. Verifique se o domínio do chat está configurado.',
    );
  });

  it('fills the affected-user count into the removal success text', () => {
    const template = 'Integração removida com sucesso! N usuário(s) afetado(s).';
    expect(SPEC_QUOTED_TEXTS).toContain(template);
    expect(MESSAGES.credentials.removalSuccess(3)).toBe(template.replace('N', '3'));
    expect(MESSAGES.credentials.removalSuccess(1)).toBe(
      'Integração removida com sucesso! 1 usuário(s) afetado(s).',
    );
  });
});
