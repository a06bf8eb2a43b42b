/** The seller printed on every invoice: who, where, which tax and bank numbers, which series and default VAT. */
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { checkIban, checkNip } from '../shared/text/index.ts';
import { checkVatTreatment, same, type VatTreatment } from './vat.ts';

export type SellerAddress = { street: string; postalCode: string; city: string; country: string };
export type SellerSettings = {
  name: string;
  address: SellerAddress;
  /** Ten digits, normalized; empty until given. */
  nip: string;
  /** "PL" and 26 digits, normalized; empty when none is printed (the buyer has already paid by card). */
  bankAccount: string;
  /** Series prefixes: `FV/2026/000001` for invoices, `KOR/2026/000001` for corrections. */
  series: { invoice: string; correction: string };
  placeOfIssue: string;
  /** The treatment of a product that has none of its own. */
  defaultVat: VatTreatment;
};

export const SELLER_STREAM = 'invoicing-seller';

/** An install's settings before anyone fills them in: the default series, 23% VAT, everything else empty. */
export const blankSettings = (): SellerSettings => ({
  name: '', address: { street: '', postalCode: '', city: '', country: 'PL' }, nip: '', bankAccount: '',
  series: { invoice: 'FV', correction: 'KOR' }, placeOfIssue: '', defaultVat: { kind: 'rate', rate: 23 },
});

/** What an invoice cannot be issued without; the bank account is optional, since every sale is paid before. */
const REQUIRED = ['name', 'address.street', 'address.postalCode', 'address.city', 'address.country', 'nip', 'placeOfIssue'] as const;
export type SellerField = (typeof REQUIRED)[number];

/** The fields still missing for invoices to be issued (none: ready). */
export function missingFields(settings: SellerSettings): SellerField[] {
  const value = (field: SellerField): string => (field.startsWith('address.')
    ? settings.address[field.slice('address.'.length) as keyof SellerAddress] : settings[field as 'name' | 'nip' | 'placeOfIssue']);
  return REQUIRED.filter((field) => value(field).trim() === '');
}

export const SERIES_PREFIX = /^[A-Z][A-Z0-9]{0,9}$/;

/**
 * The rules a full set of settings must keep: a NIP and an account that pass their checks (or none yet), the two series
 * distinct prefixes (so no invoice number could be a correction's), a lawful VAT treatment. Answers them normalized.
 */
export function checkSettings(settings: SellerSettings): SellerSettings {
  const nip = settings.nip.trim() === '' ? { ok: true as const, value: '' } : checkNip(settings.nip);
  if (!nip.ok) throw new DomainError('invoicing-nip-invalid', { reason: nip.reason });
  const iban = settings.bankAccount.trim() === '' ? { ok: true as const, value: '' } : checkIban(settings.bankAccount);
  if (!iban.ok) throw new DomainError('invoicing-iban-invalid', { reason: iban.reason });
  const { invoice, correction } = settings.series;
  if (!SERIES_PREFIX.test(invoice) || !SERIES_PREFIX.test(correction) || invoice === correction) throw new DomainError('invoicing-series-invalid');
  const trim = (s: string) => s.trim();
  const a = settings.address;
  return {
    name: trim(settings.name), nip: nip.value, bankAccount: iban.value, placeOfIssue: trim(settings.placeOfIssue),
    address: { street: trim(a.street), postalCode: trim(a.postalCode), city: trim(a.city), country: trim(a.country).toUpperCase() },
    series: { invoice, correction }, defaultVat: checkVatTreatment(settings.defaultVat),
  };
}

/** Only the fields that differ from what is recorded: an address or a series is one field, changed as a whole. */
export type SellerSettingsChanged = { type: 'SellerSettingsChanged'; data: { changes: Partial<SellerSettings> } };
export type ChangeSellerSettings = { type: 'ChangeSellerSettings'; settings: SellerSettings };

export const sellerDecider: Decider<ChangeSellerSettings, SellerSettingsChanged, SellerSettings> = {
  initialState: blankSettings,
  /** The seller's data reaches buyers only on invoices issued later, which copy it. */
  concerns: { SellerSettingsChanged: nobody },
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
  decide(command, state) {
    const next = checkSettings(command.settings);
    const changes = Object.fromEntries((Object.keys(next) as (keyof SellerSettings)[])
      .filter((field) => !same(next[field], state[field]))
      .map((field) => [field, next[field]])) as Partial<SellerSettings>;
    return Object.keys(changes).length === 0 ? [] : [{ type: 'SellerSettingsChanged', data: { changes } }];
  },
};
