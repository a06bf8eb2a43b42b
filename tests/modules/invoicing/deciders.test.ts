import { describe, expect, it } from 'vitest';
import { blankSettings, type SellerSettings } from '../../../modules/invoicing/index.ts';
import { sellerDecider } from '../../../modules/invoicing/seller.ts';
import { vatDecider } from '../../../modules/invoicing/vat.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const seller = deciderSpec(sellerDecider);
const vat = deciderSpec(vatDecider);

const institute: SellerSettings = {
  name: 'Instytut Gestalt sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
  nip: '1234563218', bankAccount: 'PL61109010140000071219812874', series: { invoice: 'FV', correction: 'KOR' },
  placeOfIssue: 'Warszawa', defaultVat: { kind: 'exempt', basis: 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT' },
};
const filledIn = { type: 'SellerSettingsChanged' as const, data: { changes: institute } };

describe('the seller settings decider', () => {
  it('given a new install, when the seller is filled in, then every field that differs from the blank defaults is recorded, normalized', () => {
    seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, nip: '123-456-32-18', bankAccount: 'PL61 1090 1014 0000 0712 1981 2874', name: '  Instytut Gestalt sp. z o.o. ' } })
      .then([{ type: 'SellerSettingsChanged', data: { changes: {
        name: institute.name, address: institute.address, nip: '1234563218', bankAccount: institute.bankAccount, placeOfIssue: 'Warszawa', defaultVat: institute.defaultVat,
      } } }]);
  });

  it('given the settings, when only the city changes, then only the address is recorded; the same settings again record nothing', () => {
    const moved = { ...institute, address: { ...institute.address, city: 'Kraków' } };
    seller.given([filledIn]).when({ type: 'ChangeSellerSettings', settings: moved })
      .then([{ type: 'SellerSettingsChanged', data: { changes: { address: moved.address } } }]);
    seller.given([filledIn]).when({ type: 'ChangeSellerSettings', settings: institute }).thenNothing();
  });

  it('refuses a NIP or bank account that fails its check, naming why; an empty account is allowed', () => {
    seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, nip: '1234563219' } }).thenThrows('invoicing-nip-invalid', { reason: 'checksum' });
    seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, bankAccount: 'PL61109010140000071219812875' } }).thenThrows('invoicing-iban-invalid', { reason: 'checksum' });
    expect(seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, bankAccount: ' ' } }).state().bankAccount).toBe('');
  });

  it('refuses series prefixes that are not short capitals or that are the same for invoices and corrections', () => {
    for (const series of [{ invoice: 'FV', correction: 'FV' }, { invoice: 'fv', correction: 'KOR' }, { invoice: 'FV/', correction: 'KOR' }, { invoice: '', correction: 'KOR' }]) {
      seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, series } }).thenThrows('invoicing-series-invalid');
    }
  });

  it('refuses a default VAT rate the law does not have, and an exemption without its legal basis', () => {
    seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, defaultVat: { kind: 'rate', rate: 7 as 8 } } }).thenThrows('invoicing-vat-invalid');
    seller.given([]).when({ type: 'ChangeSellerSettings', settings: { ...institute, defaultVat: { kind: 'exempt', basis: '  ' } } }).thenThrows('invoicing-vat-invalid');
  });

  it('starts an install with the FV and KOR series and 23% VAT', () => {
    expect(blankSettings()).toMatchObject({ series: { invoice: 'FV', correction: 'KOR' }, defaultVat: { kind: 'rate', rate: 23 }, nip: '' });
  });
});

describe('the VAT treatment decider (one product)', () => {
  const set = (treatment: Parameters<typeof vatDecider.decide>[0]['treatment']) => ({ type: 'SetVatTreatment' as const, productKey: 'trauma', treatment });
  const exempt = { kind: 'exempt' as const, basis: 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT' };

  it('given no treatment, when a rate is set, then it is recorded; the same rate again records nothing', () => {
    vat.given([]).when(set({ kind: 'rate', rate: 8 })).then([{ type: 'VatTreatmentSet', data: { productKey: 'trauma', treatment: { kind: 'rate', rate: 8 } } }]);
    vat.given([{ type: 'VatTreatmentSet', data: { productKey: 'trauma', treatment: { kind: 'rate', rate: 8 } } }]).when(set({ kind: 'rate', rate: 8 })).thenNothing();
  });

  it('records an exemption with its basis trimmed, and going back to the default as null', () => {
    vat.given([]).when(set({ ...exempt, basis: ` ${exempt.basis} ` })).then([{ type: 'VatTreatmentSet', data: { productKey: 'trauma', treatment: exempt } }]);
    vat.given([{ type: 'VatTreatmentSet', data: { productKey: 'trauma', treatment: exempt } }]).when(set(null))
      .then([{ type: 'VatTreatmentSet', data: { productKey: 'trauma', treatment: null } }]);
    vat.given([]).when(set(null)).thenNothing();
  });

  it('refuses a rate of 7% and an exemption with no basis or a basis too long to print', () => {
    vat.given([]).when(set({ kind: 'rate', rate: 7 as 8 })).thenThrows('invoicing-vat-invalid');
    vat.given([]).when(set({ kind: 'exempt', basis: '' })).thenThrows('invoicing-vat-invalid');
    vat.given([]).when(set({ kind: 'exempt', basis: 'x'.repeat(301) })).thenThrows('invoicing-vat-invalid');
  });
});
