// The throwaway PostgreSQL of every test that needs one (tools/test-postgres; the e2e journeys
// use it too).
export { type TestPostgres, freePort, startTestPostgres } from '@crm-panel/test-postgres';
