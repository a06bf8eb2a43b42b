/** How VAT applies to a sale: a rate, or an exemption whose legal basis the invoice must print. */
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';

export const VAT_RATES = [23, 8, 5, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const MAX_EXEMPTION_BASIS = 300;

export type VatTreatment = { kind: 'rate'; rate: VatRate } | { kind: 'exempt'; basis: string };

/** The treatment as an invoice line needs it, or the reason it is refused (`invoicing-vat-invalid`). */
export function checkVatTreatment(treatment: VatTreatment): VatTreatment {
  if (treatment.kind === 'rate') {
    if (!(VAT_RATES as readonly number[]).includes(treatment.rate)) throw new DomainError('invoicing-vat-invalid');
    return { kind: 'rate', rate: treatment.rate };
  }
  const basis = treatment.basis.trim();
  if (basis === '' || basis.length > MAX_EXEMPTION_BASIS) throw new DomainError('invoicing-vat-invalid');
  return { kind: 'exempt', basis };
}

/** Sorted keys: PostgreSQL's jsonb gives an object's keys back in its own order. No node:util, as the panel imports this file. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
export const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/**
 * One product's VAT treatment, on a stream of its own in the invoicing module (the catalogue's product stays as it
 * is). `treatment: null` gives the product back to the seller's default. Setting what already is records nothing.
 */
export type VatTreatmentSet = { type: 'VatTreatmentSet'; data: { productKey: string; treatment: VatTreatment | null } };
export type SetVatTreatment = { type: 'SetVatTreatment'; productKey: string; treatment: VatTreatment | null };
export type VatState = { treatment: VatTreatment | null };

export const vatStream = (productKey: string) => `invoicing-vat-${productKey}`;

export const vatDecider: Decider<SetVatTreatment, VatTreatmentSet, VatState> = {
  initialState: () => ({ treatment: null }),
  /** A seller's setting: no user's view changes until an invoice is issued with it. */
  concerns: { VatTreatmentSet: nobody },
  evolve: (_state, event) => ({ treatment: event.data.treatment }),
  decide(command, state) {
    const treatment = command.treatment === null ? null : checkVatTreatment(command.treatment);
    return same(treatment, state.treatment) ? [] : [{ type: 'VatTreatmentSet', data: { productKey: command.productKey, treatment } }];
  },
};
