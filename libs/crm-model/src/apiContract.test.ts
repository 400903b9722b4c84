import {
  API_CONTRACT_HEADER,
  API_CONTRACT_UNSENT,
  API_CONTRACT_VERSION,
  apiContractAccepts,
  versionMajor,
} from './apiContract';

describe('the api wire contract', () => {
  it('is a semver, sent in a lower-case header, and a call without it is of the first contract', () => {
    expect(versionMajor(API_CONTRACT_VERSION)).not.toBeNull();
    expect(API_CONTRACT_HEADER).toBe('x-panel-contract');
    expect(API_CONTRACT_UNSENT).toBe('1.0.0');
  });

  it('reads the major of a version and nothing else', () => {
    expect(versionMajor('1.4.2')).toBe(1);
    expect(versionMajor('2.0.0-beta.1')).toBe(2);
    expect(versionMajor('1.4')).toBeNull();
    expect(versionMajor('v1.4.2')).toBeNull();
    expect(versionMajor(' 1.4.2')).toBeNull();
    expect(versionMajor('01.0.0')).toBeNull();
    expect(versionMajor('')).toBeNull();
  });

  it('an api takes calls of its own major (any minor) and of the major before it, and no other', () => {
    expect(apiContractAccepts('2.3.0', '2.0.0')).toBe(true);
    expect(apiContractAccepts('2.3.0', '2.9.1')).toBe(true);
    expect(apiContractAccepts('2.3.0', '1.7.0')).toBe(true);
    expect(apiContractAccepts('2.3.0', '0.9.0')).toBe(false);
    expect(apiContractAccepts('2.3.0', '3.0.0')).toBe(false);
    expect(apiContractAccepts('1.0.0', '0.1.0')).toBe(true);
    expect(apiContractAccepts('1.0.0', 'não é versão')).toBe(false);
  });
});
