import * as v from 'valibot';
import { checkIban, checkNip, MAX_EXEMPTION_BASIS, SERIES_PREFIX, VAT_RATES, type BuyerParty, type SellerSettings, type VatTreatment } from '../../modules/invoicing/index.ts';

/**
 * The admin's invoicing bodies (PUT /api/admin/invoicing/seller, PUT …/vat/{productKey}). Issue messages are
 * catalogue keys, one per kind of mistake, so the panel says beside each field what is wrong; a NIP or account
 * number is answered normalized (the module checks them again: these rules are its own, checkNip and checkIban).
 */
const INVALID = 'invoicing.invalid';
const TOO_LONG = 'invoicing.fieldTooLong';
const CONTROL = 'invoicing.fieldControl';
/** One line of an invoice: may be left empty (the panel then says invoicing is not ready), never hold a control character. */
const line = (max: number) => v.pipe(v.string(INVALID), v.trim(), v.maxLength(max, TOO_LONG), v.regex(/^[^\p{Cc}]*$/u, CONTROL));

/** An optional number checked by `check`: empty is allowed, anything else answered normalized or refused with its reason. */
const checkedNumber = (check: typeof checkNip | typeof checkIban, keyPrefix: 'invoicing.nip' | 'invoicing.iban') => v.pipe(
  v.string(INVALID), v.maxLength(60, `${keyPrefix}.length`),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value.trim() === '') return '';
    const checked = check(dataset.value);
    if (checked.ok) return checked.value;
    addIssue({ message: `${keyPrefix}.${checked.reason}` });
    return NEVER;
  }),
);

const POSTAL = 'invoicing.postalCode';
const address = v.pipe(v.object({
  street: line(200), postalCode: line(20), city: line(100),
  country: v.pipe(v.string(INVALID), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'invoicing.country')),
}, INVALID), v.forward(v.check((a) => a.country !== 'PL' || a.postalCode === '' || /^\d{2}-\d{3}$/.test(a.postalCode), POSTAL), ['postalCode']));

const SERIES = 'invoicing.seriesInvalid';
const prefix = v.pipe(v.string(SERIES), v.trim(), v.regex(SERIES_PREFIX, SERIES));

const VAT = 'invoicing.vatInvalid';
export const VatTreatmentBody = v.variant('kind', [
  v.object({ kind: v.literal('rate'), rate: v.picklist(VAT_RATES, VAT) }, VAT),
  v.object({ kind: v.literal('exempt'), basis: v.pipe(v.string(VAT), v.trim(), v.minLength(1, 'invoicing.basisRequired'), v.maxLength(MAX_EXEMPTION_BASIS, TOO_LONG), v.regex(/^[^\p{Cc}]*$/u, CONTROL)) }, VAT),
], VAT) satisfies v.GenericSchema<unknown, VatTreatment>;

export const SellerBody = v.object({
  name: line(300),
  address,
  nip: checkedNumber(checkNip, 'invoicing.nip'),
  bankAccount: checkedNumber(checkIban, 'invoicing.iban'),
  series: v.pipe(v.object({ invoice: prefix, correction: prefix }, SERIES), v.check((s) => s.invoice !== s.correction, 'invoicing.seriesSame')),
  placeOfIssue: line(100),
  defaultVat: VatTreatmentBody,
}, INVALID) satisfies v.GenericSchema<unknown, SellerSettings>;

/** A product's own treatment, or null to take the seller's default. */
export const ProductVatBody = v.object({ treatment: v.nullable(VatTreatmentBody) }, VAT);

export const ProductVatParams = v.object({ productKey: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'api.videoNotFound')) });

/** A required line of the buyer's address or name: refused empty, too long or with a control character. */
const filled = (max: number, empty: string) => v.pipe(line(max), v.minLength(1, empty));
const REQUIRED = 'invoices.addressRequired';

/**
 * The buyer on an invoice ("Chcę fakturę" at checkout, or later from My Recordings): a company or sole trader with a
 * NIP (checked, answered normalized), or a consumer without one (`nip` empty or absent).
 */
export const InvoiceBuyerBody = v.object({
  name: filled(300, 'invoices.nameRequired'),
  nip: v.optional(v.nullable(checkedNumber(checkNip, 'invoicing.nip')), ''),
  address: v.pipe(v.object({
    street: filled(200, REQUIRED), postalCode: filled(20, REQUIRED), city: filled(100, REQUIRED),
    country: v.pipe(v.optional(v.string(INVALID), 'PL'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'invoicing.country')),
  }, INVALID), v.forward(v.check((a) => a.country !== 'PL' || /^\d{2}-\d{3}$/.test(a.postalCode), POSTAL), ['postalCode'])),
}, INVALID);

/** The buyer as invoicing records it: no NIP is null. */
export const buyerParty = (body: v.InferOutput<typeof InvoiceBuyerBody>): BuyerParty => ({ name: body.name, nip: body.nip ? body.nip : null, address: body.address });
