import { execFileSync } from 'node:child_process';
import path from 'node:path';

const TSX_CLI = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');

// Jest workers cannot switch time zone in-process, so run the formatter in a Node process
// set to Brazil's zone: the zone the panel's users live in.
function inSaoPaulo(expression: string): unknown {
  const datesModule = path.join(__dirname, 'dates.ts');
  const script = `import * as d from ${JSON.stringify(datesModule)};
    console.log(JSON.stringify(${expression}));`;
  const out = execFileSync(process.execPath, [TSX_CLI, '--eval', script], {
    env: { ...process.env, TZ: 'America/Sao_Paulo' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim());
}

describe('dates in the America/Sao_Paulo time zone', () => {
  it('shows UTC timestamps from the API in local time', () => {
    expect(
      inSaoPaulo(`[
        d.formatDateTime('2024-03-05T02:30:00.000Z'),
        d.formatDateTime('2024-03-05T15:07:00Z'),
        d.formatDate('2024-03-05'),
        d.dayGroupLabel('2024-03-05T02:30:00Z', new Date('2024-03-05T12:00:00Z')),
        d.dayGroupLabel('2024-03-05T03:30:00Z', new Date('2024-03-05T12:00:00Z')),
      ]`),
    ).toEqual(['04/03/2024 23:30', '05/03/2024 12:07', '05/03/2024', 'Ontem', 'Hoje']);
  });
});
