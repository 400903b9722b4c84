// `tsx apps/api/src/main.ts`: the root tsconfig.json gives tsx the workspace's path aliases.
import './server';
