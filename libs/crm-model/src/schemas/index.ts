// @crm-panel/crm-model/schemas: the wire contract, written once (TypeBox → JSON Schema). The api,
// the mock api and the contract test import it; the panel's main entry only imports its types.
export * from './common';
export * from './enums';
export * from './payloads';
export * from './records';
export * from './requests';
export * from './answers';
export * from './validate';
export * from './novus';
export * from './routes';
