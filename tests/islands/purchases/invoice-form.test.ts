import { describe, expect, it } from 'vitest';
import { invoiceLabels } from '../../../src/server/invoice-labels.ts';
import { translator } from '../../../src/i18n/index.ts';
import { blankDraft, bodyOf, invoiceIssuesOf, nipMessage } from '../../../src/islands/purchases/invoice-form.ts';

const pl = invoiceLabels(translator('pl'));
const en = invoiceLabels(translator('en'));

/** What the buyer reads beside the NIP while typing it, and where the server's refusals land. */
describe('the invoice fields', () => {
  it('say nothing about an empty NIP (a consumer) or a valid one, written as on paper', () => {
    expect(nipMessage('', true, pl)).toBeNull();
    expect(nipMessage('111-111-11-11', true, pl)).toBeNull();
    expect(nipMessage('PL 526 025 02 74', true, pl)).toBeNull();
  });

  it('tell a wrong check digit and a letter at once, in the page’s language', () => {
    expect(nipMessage('1234563219', false, pl)).toBe('Ten NIP ma błędną cyfrę kontrolną. Sprawdź, czy nie ma literówki.');
    expect(nipMessage('1234563219', false, en)).toBe(en.nipMessages.checksum);
    expect(nipMessage('12345x', false, pl)).toBe('NIP może zawierać tylko cyfry (oraz spacje lub myślniki).');
  });

  it('wait with a short NIP until the buyer leaves the field', () => {
    expect(nipMessage('123', false, pl)).toBeNull();
    expect(nipMessage('123', true, pl)).toBe('NIP ma 10 cyfr.');
  });

  it('send an empty NIP as none and the address as typed', () => {
    expect(bodyOf({ ...blankDraft(), name: 'Anna Nowak', nip: '  ' })).toEqual({ name: 'Anna Nowak', nip: null, address: { street: '', postalCode: '', city: '', country: 'PL' } });
  });

  it('put the checkout’s and the later request’s refusals beside their fields, the first message each', () => {
    expect(invoiceIssuesOf({ issues: [
      { field: 'invoice.nip', message: 'a' }, { field: 'invoice.address.postalCode', message: 'b' }, { field: 'invoice.nip', message: 'c' }, { field: 'priceId', message: 'd' },
    ] })).toEqual({ nip: 'a', 'address.postalCode': 'b' });
    expect(invoiceIssuesOf({ message: 'x', issues: [{ field: 'nip', message: 'only PLN' }] })).toEqual({ nip: 'only PLN' });
    expect(invoiceIssuesOf({ message: 'no issues' })).toEqual({});
  });
});
