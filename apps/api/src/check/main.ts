import { crmCheckCli } from './cli';

// `npm run crm:check [-- --sign-in] [-- --writes]` (README 'Connecting to the real RD Station CRM').

crmCheckCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
