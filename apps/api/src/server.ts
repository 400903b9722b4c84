import { startApi } from './app';
import { configFromEnv } from './config';

async function main(): Promise<void> {
  const api = await startApi(configFromEnv(process.env));
  const stop = (): void => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
