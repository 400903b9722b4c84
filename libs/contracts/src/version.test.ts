import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION, contractAccepts, contractMajor } from './version';

describe('contract version', () => {
  it("is libs/contracts/package.json's version", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as {
      version: string;
    };
    expect(CONTRACT_VERSION).toBe(pkg.version);
  });

  it('takes any minor and patch of its major, and no other major', () => {
    expect(contractMajor('1.4.2')).toBe(1);
    expect(contractAccepts('1.0.0', '1.9.3')).toBe(true);
    expect(contractAccepts('1.9.3', '1.0.0')).toBe(true);
    expect(contractAccepts('1.0.0', '2.0.0')).toBe(false);
    expect(contractAccepts('2.1.0', '1.7.0')).toBe(false);
    expect(contractAccepts('1.0.0', 'não é versão')).toBe(false);
  });
});
