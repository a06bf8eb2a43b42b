import { describe, expect, it } from 'vitest';
import { checkIban, checkNip } from '../../../../modules/shared/text/index.ts';
import * as invoicing from '../../../../modules/invoicing/index.ts';

describe('checkNip: a Polish NIP as typed', () => {
  it('answers a valid NIP as ten digits, whatever spaces, dashes or EU prefix it was typed with', () => {
    for (const typed of ['1234563218', '123-456-32-18', '123 456 32 18', ' 123-45-63-218 ', 'PL1234563218', 'pl 123 456 32 18']) {
      expect(checkNip(typed), typed).toEqual({ ok: true, value: '1234563218' });
    }
    expect(checkNip('526-025-09-95')).toEqual({ ok: true, value: '5260250995' });
  });

  it('refuses a wrong check digit', () => {
    expect(checkNip('1234563219')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkNip('5260250990')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses a NIP whose weighted sum leaves 10: no check digit matches it', () => {
    // 1·6 + 2·5 + 3·7 + 4·2 + 5·3 + 6·4 + 3·5 + 2·6 + 6·7 = 153 = 13·11 + 10
    for (let last = 0; last <= 9; last++) expect(checkNip(`123456326${last}`)).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses too few or too many digits', () => {
    expect(checkNip('123456321')).toEqual({ ok: false, reason: 'length' });
    expect(checkNip('12345632180')).toEqual({ ok: false, reason: 'length' });
  });

  it('refuses letters and other characters, and says when nothing was typed', () => {
    expect(checkNip('12345632I8')).toEqual({ ok: false, reason: 'characters' });
    expect(checkNip('123.456.32.18')).toEqual({ ok: false, reason: 'characters' });
    expect(checkNip('   ')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('checkIban: a Polish bank account', () => {
  it('answers PL and 26 digits, from the IBAN or the 26 digits Polish banks print, spaced or not', () => {
    for (const typed of ['PL61109010140000071219812874', 'PL61 1090 1014 0000 0712 1981 2874', 'pl61 1090 1014 0000 0712 1981 2874', '61 1090 1014 0000 0712 1981 2874']) {
      expect(checkIban(typed), typed).toEqual({ ok: true, value: 'PL61109010140000071219812874' });
    }
  });

  it('refuses a wrong checksum (mod 97), a wrong length, letters, another country and nothing', () => {
    expect(checkIban('PL61109010140000071219812875')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkIban('PL6110901014000007121981287')).toEqual({ ok: false, reason: 'length' });
    expect(checkIban('PL611090101400000712198128741')).toEqual({ ok: false, reason: 'length' });
    expect(checkIban('PL61109010140000O71219812874')).toEqual({ ok: false, reason: 'characters' });
    expect(checkIban('DE89370400440532013000')).toEqual({ ok: false, reason: 'country' });
    expect(checkIban('')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('the invoicing door', () => {
  it('hands server callers the same checks the browser uses', () => {
    expect(invoicing.checkNip).toBe(checkNip);
    expect(invoicing.checkIban).toBe(checkIban);
  });
});
