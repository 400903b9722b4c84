// The api's testing entry (@crm-panel/api/testing): for the journeys, tests and benches only.
export {
  consentedSignInOverHttp,
  signInOverHttp,
  type ConsentedSignIn,
  type ConsentOverHttp,
  type SignInOverHttpOptions,
} from './signInOverHttp';
// The request shapes `crm:check` lists (src/check): tests that drive the panel's calls hold the
// CRM requests those cause to them.
export { READ_SHAPES, readShapeOf } from '@api/check/readShapes';
export { WRITE_SHAPES, writeShapeOf, type RequestShape } from '@api/check/writeShapes';
