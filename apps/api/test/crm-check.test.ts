import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { formatReport, runCrmCheck } from '@api/check/crmCheck';
import { ACCOUNT1 } from './support/harness';

// `npm run crm:check` against the strict sandbox (its default): every read the product sends is
// accepted with the shape the panel reads; flipping the sandbox against the product makes it fail.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => {
  sandbox.reset();
});

const tokenOf = (email: string) => sandbox.issueTokens(ACCOUNT1.clientId, email).access_token;

describe('npm run crm:check', () => {
  it('sends every panel read in documented syntax and reports each assumption', async () => {
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
      userEmail: ACCOUNT1.users.ana.email,
    });
    const failed = report.rows.filter((row) => row.status !== 'ok');
    expect(failed).toEqual([]);
    const crm = report.rows.flatMap((row) => row.crm);
    // The contact filter goes as a scan of documented fields, never as contact_ids.
    expect(crm.some((line) => line.includes('contact_ids'))).toBe(false);
    expect(crm.every((line) => !/page\[size\]=(?:[2-9]\d\d|1\d[1-9]|10[1-9])/.test(line))).toBe(
      true,
    );
    expect(report.assumptions).toEqual(
      expect.arrayContaining([
        { assumption: 'page[size]=100 (a documentação não dá um máximo)', result: 'aceito' },
        {
          assumption: "/organizations: 'name:~' (contém), que a documentação não cita",
          result: 'recusado (400): a api usa a forma exata',
        },
        {
          assumption: 'links.next na última página',
          result: 'presente: o fim é a página curta ou vazia',
        },
      ]),
    );
    // Only the probes (one row each, `page[size]=1`) are assumptions; documented `~` is not.
    expect(report.assumptions.filter((row) => row.assumption.includes(':~'))).toHaveLength(3);
    expect(report.ok).toBe(true);
    expect(formatReport(report)).toContain('Tudo certo.');
  });

  it('reports the lenient reading where the CRM takes it', async () => {
    sandbox.setKnobs({ nameContainsOn: ['organizations'], omitEndLinks: true });
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
    });
    expect(report.assumptions).toEqual(
      expect.arrayContaining([
        {
          assumption: "/organizations: 'name:~' (contém), que a documentação não cita",
          result: 'aceito: a busca por trecho funciona',
        },
        { assumption: 'links.next na última página', result: 'ausente' },
      ]),
    );
  });

  it('fails, naming the read, when the CRM refuses what the product sends', async () => {
    // A CRM whose pages are smaller than the api's 100: every list read is refused.
    sandbox.setKnobs({ maxPageSize: 50 });
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
    });
    expect(report.ok).toBe(false);
    const pipelines = report.rows.find((row) => row.what === 'Funis de vendas');
    expect(pipelines?.status).toBe('falhou');
    expect(pipelines?.crm).toEqual(['400 GET /pipelines?page[number]=1&page[size]=100']);
    expect(formatReport(report)).toMatch(/\d+ verificação\(ões\) falharam\./);
  });

  it('--writes: a throwaway deal with a note, a completed task and a product added, edited and removed', async () => {
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
      userEmail: ACCOUNT1.users.ana.email,
      writes: true,
    });
    const writes = report.rows.slice(-8);
    expect(writes.map((row) => [row.what, row.status])).toEqual([
      ['Criar negociação', 'ok'],
      ['Editar negociação (classificação)', 'ok'],
      ['Criar nota', 'ok'],
      ['Criar tarefa', 'ok'],
      ['Concluir tarefa', 'ok'],
      ['Adicionar produto', 'ok'],
      ['Editar produto', 'ok'],
      ['Remover produto', 'ok'],
    ]);
    expect(report.ok).toBe(true);
    expect(report.leftovers).toHaveLength(1);
    expect(report.leftovers[0]).toMatch(/^negociação \S+ '\[crm:check\] /);
  });
});
