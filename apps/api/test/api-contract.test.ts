// The api's wire contract: every call of api-client names the contract it was built for
// (x-panel-contract); the api serves its own major and the one before it, and refuses any other
// before identity or body are read, with a pt-BR message and a code the panel can act on.
import { API_CONTRACT_HEADER, API_CONTRACT_VERSION, versionMajor } from '@crm-panel/crm-model';
import { API_CONTRACT_UNSUPPORTED, apiContractUnsupportedMessage } from '@api/apiContract';
import { API_MESSAGES } from '@api/messages';
import { type Harness, ALICE, call, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const major = versionMajor(API_CONTRACT_VERSION) ?? 0;
const STATUS = '/api/rdstation/terms/status';

/** A signed-in call of this api's routes, from a panel that says it was built for `contract`. */
const callAs = (contract: string | undefined) =>
  call(h.api, 'GET', STATUS, {
    as: ALICE,
    headers: contract === undefined ? {} : { [API_CONTRACT_HEADER]: contract },
  });

describe('the wire contract a call names', () => {
  it('serves the current contract, any minor of its major, and a call that names none', async () => {
    for (const contract of [API_CONTRACT_VERSION, `${major}.99.0`, undefined]) {
      const answer = await callAs(contract);
      expect([contract, answer.status]).toEqual([contract, 200]);
    }
  });

  it("keeps serving the previous major's calls until the next major", async () => {
    const answer = await callAs(`${major - 1}.4.0`);
    expect(answer.status).toBe(200);
  });

  it('refuses any later major, in pt-BR with its code, before the identity', async () => {
    for (const contract of [`${major + 1}.0.0`, `${major + 2}.3.0`]) {
      const answer = await callAs(contract);
      expect(answer).toMatchObject({
        status: 400,
        json: {
          message: apiContractUnsupportedMessage(contract, API_CONTRACT_VERSION),
          code: API_CONTRACT_UNSUPPORTED,
        },
      });
    }
    expect(apiContractUnsupportedMessage('2.0.0', '1.0.0')).toBe(
      'Esta versão do painel (contrato 2.0.0) não é atendida por este servidor, que aceita 1.x e ' +
        '0.x. Recarregue a página; se continuar, avise o administrador.',
    );
    // Refused before the identity gate: no session or headers needed to be told.
    const anonymous = await call(h.api, 'POST', '/api/session', {
      as: null,
      headers: { [API_CONTRACT_HEADER]: `${major + 1}.0.0` },
      body: {},
    });
    expect(anonymous).toMatchObject({ status: 400, json: { code: API_CONTRACT_UNSUPPORTED } });
  });

  it('refuses a value that is not a version', async () => {
    for (const contract of ['1', 'v1.0.0', '1.0.0, 2.0.0', 'latest']) {
      expect(await callAs(contract)).toMatchObject({
        status: 400,
        json: { message: API_MESSAGES.apiContractInvalid, code: API_CONTRACT_UNSUPPORTED },
      });
    }
  });

  it("lets the panel's origin send the header (CORS preflight)", async () => {
    const preflight = await h.api.inject({
      method: 'OPTIONS',
      url: STATUS,
      headers: {
        origin: 'http://localhost:4200',
        'access-control-request-method': 'GET',
        'access-control-request-headers': `x-user-id,x-system-key,${API_CONTRACT_HEADER}`,
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain(
      API_CONTRACT_HEADER,
    );
  });
});
