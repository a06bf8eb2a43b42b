import { describe, expect, it } from 'vitest';
import { KSEF_SCHEMA_DIR, ksefFile } from '../../support/ksef-schema.ts';

// A clone not beside ../shared must still load its test files (issue 34, item 15); CI, which has ../shared, stays strict.
describe("KSeF's published files (../shared/ksef) as the tests find them", () => {
  it('outside CI, an absent file marks the cases that need it as not run, naming the missing path', () => {
    const file = ksefFile('no-such-schema.xsd', {});
    expect(file.missing).toBe(true);
    expect(file.name('checks the UPO')).toBe(`checks the UPO (not run: ${KSEF_SCHEMA_DIR}/no-such-schema.xsd is missing; it comes with ../shared beside the clone)`);
  });

  it.each(['1', 'true'])('under CI=%s, an absent file fails the run, naming the missing path', (ci) => {
    expect(() => ksefFile('no-such-schema.xsd', { CI: ci })).toThrow(`${KSEF_SCHEMA_DIR}/no-such-schema.xsd is missing: CI must run beside ../shared`);
  });

  it.each(['', '0', 'false'])('CI=%j is not CI', (ci) => {
    expect(ksefFile('no-such-schema.xsd', { CI: ci }).missing).toBe(true);
  });
});
