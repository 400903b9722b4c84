import { knobsFromEnv } from './knobs';
import { startSandbox } from './server';
import { type SandboxOptions } from './types';

// Dev entry: `npx tsx tools/crm-sandbox/src/main.ts` (or `npx nx run crm-sandbox:serve`).

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got '${raw}'`);
  return value;
}

async function main(): Promise<void> {
  const options: SandboxOptions = {
    port: numberFromEnv('PORT') ?? 4010,
    host: process.env.HOST ?? '127.0.0.1',
    publicUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
    knobs: knobsFromEnv(process.env),
    redirectUris: (process.env.SANDBOX_REDIRECT_URIS ?? '')
      .split(',')
      .map((uri) => uri.trim())
      .filter((uri) => uri !== ''),
    accessTokenTtlSeconds: numberFromEnv('SANDBOX_ACCESS_TTL'),
    refreshTokenIdleTtlSeconds: numberFromEnv('SANDBOX_REFRESH_IDLE_TTL'),
    codeTtlSeconds: numberFromEnv('SANDBOX_CODE_TTL'),
    seed: numberFromEnv('SANDBOX_SEED'),
    logger: process.env.SANDBOX_LOG === '1',
  };
  const sandbox = await startSandbox(options);
  console.log(`crm-sandbox (RD Station CRM v2 stand-in) listening on ${sandbox.url}`);
  console.log(`  API:     ${sandbox.url}/crm/v2/deals`);
  console.log(
    `  OAuth:   ${sandbox.url}/oauth/authorize?response_type=code&client_id=sandbox-app&redirect_uri=...`,
  );
  console.log(`  Admin:   ${sandbox.url}/__admin/accounts`);
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
