import {
  credentialsSchema,
  credentialsSchemaFor,
  toCredentialsPayload,
  type CredentialsFormValues,
} from './credentialsSchema';

const VALID: CredentialsFormValues = {
  setupCode: '',
  clientId: 'client-123',
  clientSecret: 'segredo',
  redirectUri: 'https://painel.exemplo.com.br/api/rdstation/auth/callback',
  defaultChatDomain: 'acme.chat.com.br',
  securityPassword: 'senha1',
  confirmPassword: 'senha1',
};

/** Every failing rule, as formik gets them (abortEarly off): in the spec's order. */
async function errorsOf(values: Partial<CredentialsFormValues>): Promise<string[]> {
  try {
    await credentialsSchema.validate({ ...VALID, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

async function firstError(values: Partial<CredentialsFormValues>): Promise<string | null> {
  return (await errorsOf(values))[0] ?? null;
}

describe('credentialsSchema (PRODUCT.md §5, in order)', () => {
  it.each([
    [{ clientId: ' ' }, 'Client ID é obrigatório'],
    [{ clientSecret: '' }, 'Client Secret é obrigatório'],
    [{ redirectUri: '  ' }, 'Redirect URI é obrigatório'],
    [{ defaultChatDomain: '' }, 'Domínio do Chat é obrigatório'],
    [{ securityPassword: '', confirmPassword: '' }, 'Senha de segurança é obrigatória'],
    [
      { securityPassword: '12345', confirmPassword: '12345' },
      'A senha deve ter no mínimo 6 caracteres',
    ],
    [{ confirmPassword: 'senha2' }, 'As senhas não coincidem'],
    [{ confirmPassword: undefined }, 'As senhas não coincidem'],
  ])('%j → %s', async (values, message) => {
    expect(await firstError(values as Partial<CredentialsFormValues>)).toBe(message);
  });

  it('lists every failing rule in the spec order', async () => {
    expect(
      await errorsOf({
        clientId: '',
        clientSecret: '',
        redirectUri: '',
        defaultChatDomain: '',
        securityPassword: '1',
        confirmPassword: 'x',
      }),
    ).toEqual([
      'Client ID é obrigatório',
      'Client Secret é obrigatório',
      'Redirect URI é obrigatório',
      'Domínio do Chat é obrigatório',
      'A senha deve ter no mínimo 6 caracteres',
      'As senhas não coincidem',
    ]);
  });

  it('reports the earlier rule first when several fail', async () => {
    expect(await firstError({ clientId: '', securityPassword: '1' })).toBe(
      'Client ID é obrigatório',
    );
    expect(await firstError({ securityPassword: '123', confirmPassword: 'x' })).toBe(
      'A senha deve ter no mínimo 6 caracteres',
    );
  });

  it('accepts a password of exactly 6 characters, spaces included', async () => {
    expect(await firstError({ securityPassword: ' 1234 ', confirmPassword: ' 1234 ' })).toBeNull();
  });

  it('trims every value except the password', () => {
    expect(
      toCredentialsPayload({
        setupCode: ' codigo ',
        clientId: ' id ',
        clientSecret: '\tsecret ',
        redirectUri: ' https://x.test/cb ',
        defaultChatDomain: ' chat.test ',
        securityPassword: ' senha ',
        confirmPassword: ' senha ',
      }),
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: 'https://x.test/cb',
      securityPassword: ' senha ',
      defaultChatDomain: 'chat.test',
    });
  });

  it('asks the setup code first only where the host signs nothing, and sends it trimmed', async () => {
    const missing =
      'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.';
    await expect(credentialsSchema.validate(VALID)).resolves.toBeTruthy();
    await expect(credentialsSchemaFor(false).validate(VALID)).resolves.toBeTruthy();
    await expect(
      credentialsSchemaFor(true).validate({ ...VALID, setupCode: '   ' }),
    ).rejects.toThrow(missing);
    const payload = toCredentialsPayload({ ...VALID, setupCode: ' ABCD-EFGH-JKLM ' }, true);
    expect(payload.setupCode).toBe('ABCD-EFGH-JKLM');
    expect(toCredentialsPayload({ ...VALID, setupCode: 'ignorado' })).not.toHaveProperty(
      'setupCode',
    );
  });
});
