// The api's testing entry (@crm-panel/api/testing): for the journeys, tests and benches only.
export {
  consentedSignInOverHttp,
  signInOverHttp,
  type ConsentedSignIn,
  type ConsentOverHttp,
  type SignInOverHttpOptions,
} from './signInOverHttp';
