import { DomainError } from '../shared/kernel/index.ts';
import type { PurchasesDeps } from './deps.ts';
import type { PurchasesTable } from './schema.ts';

/**
 * What became of one purchase: `paid` (a card payment, or the dev checkout), `granted` by the admin's hand,
 * `refundDue`/`refunded` (a second payment for what the buyer owned, owed or given back) or `mismatch` (paid another
 * sum than the checkout asked: no access, for the admin to settle). A paid purchase given back by a refund (refund.ts) is
 * `refunded` in full, `partlyRefunded`, or `refundPending` while the provider has not confirmed a refund asked of it.
 */
export type PaymentState = 'paid' | 'granted' | 'refundDue' | 'refunded' | 'mismatch' | 'partlyRefunded' | 'refundPending';

/** One purchase on an event's attendee list (the admin panel, spec 2): contact details from accounts. Amounts in whole units. */
export type Attendee = {
  purchaseId: string; userId: string; name: string; email: string; phone: string; purchaseDate: string;
  amount: number; currency: string; state: PaymentState; reason: string | null;
  /** Whole units (may have decimals): refunds confirmed by the provider, and asked but not confirmed yet. */
  refundedAmount: number; refundPendingAmount: number;
};
/** Sums per currency, whole units: card payments and refunds apart, grants by hand counted on their own (they carry no money). */
export type AttendeeTotals = {
  paid: { currency: string; count: number; amount: number }[];
  refunded: { currency: string; count: number; amount: number }[];
  granted: number;
};
export type AttendeeList = {
  product: { key: string; title: string; titleEn: string };
  attendees: Attendee[];
  totals: AttendeeTotals;
  /** Each user who holds the product now (paid or granted) once, personal data erased ones left out: a mass e-mail's recipients. */
  owners: string[];
};

const LISTED: PurchasesTable['status'][] = ['paid', 'refund_due', 'refunded', 'mismatch', 'ended'];

type Row = { status: PurchasesTable['status']; provider: string; amount: number; amount_minor: number | null; refunded_minor: number; refund_pending_minor: number };

function stateOf(row: Row): PaymentState {
  if (row.status === 'refund_due') return 'refundDue';
  if (row.status === 'refunded') return 'refunded';
  if (row.status === 'mismatch') return 'mismatch';
  if (row.provider === 'grant') return 'granted';
  if (row.refund_pending_minor > 0) return 'refundPending';
  if (row.refunded_minor >= (row.amount_minor ?? row.amount * 100) || (row.status === 'ended' && row.refunded_minor > 0)) return 'refunded';
  return row.refunded_minor > 0 ? 'partlyRefunded' : 'paid';
}

/**
 * The totals of a list's purchases (erased buyers' too: their money moved all the same). Card payments count whole,
 * refunds of them apart (`refundedAmount`: whole units, confirmed only); a duplicate payment given back counts as a refund only.
 */
export function attendeeTotals(purchases: readonly { state: PaymentState; amount: number; currency: string; refundedAmount?: number }[]): AttendeeTotals {
  const sum = (rows: readonly { currency: string; amount: number }[]) => {
    const by = new Map<string, { currency: string; count: number; amount: number }>();
    for (const p of rows) {
      const entry = by.get(p.currency) ?? { currency: p.currency, count: 0, amount: 0 };
      by.set(p.currency, { ...entry, count: entry.count + 1, amount: Math.round((entry.amount + p.amount) * 100) / 100 });
    }
    return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  };
  const payments = purchases.filter((p) => ['paid', 'partlyRefunded', 'refundPending'].includes(p.state) || (p.state === 'refunded' && (p.refundedAmount ?? 0) > 0));
  const refunds = purchases.flatMap((p) => p.state === 'refunded' && !p.refundedAmount ? [p]
    : (p.refundedAmount ?? 0) > 0 ? [{ currency: p.currency, amount: p.refundedAmount! }] : []);
  return { paid: sum(payments), refunded: sum(refunds), granted: purchases.filter((p) => p.state === 'granted').length };
}

/**
 * Who paid what for a product: every purchase that took money or was granted by hand, oldest first, with its amount,
 * currency and state. Open or expired checkouts and revoked grants are left out, and so is a buyer whose personal data
 * is erased (from the rows, not from the totals). An unknown product is refused with `attendees-unknown-product`.
 */
export function attendeeQueries(deps: Pick<PurchasesDeps, 'db' | 'ports'>) {
  const { db, ports } = deps;
  const rowsOf = (productKey: string) => db.selectFrom('purchases')
    .select(['purchase_id', 'user_id', 'status', 'provider', 'amount', 'amount_minor', 'currency', 'paid_at', 'grant_reason', 'refunded_minor', 'refund_pending_minor'])
    .where('product_key', '=', productKey).where('status', 'in', LISTED)
    .orderBy('paid_at').orderBy('purchase_id').execute();

  return {
    async attendees(productKey: string): Promise<AttendeeList> {
      const product = await ports.listing(productKey);
      if (!product) throw new DomainError('attendees-unknown-product', { key: productKey });
      const rows = (await rowsOf(productKey)).map((r) => ({ ...r, state: stateOf(r), refundedAmount: r.refunded_minor / 100 }));
      const contacts = await ports.contacts([...new Set(rows.map((r) => r.user_id))]);
      const attendees = rows.flatMap((r) => {
        const contact = contacts.get(r.user_id);
        return contact ? [{
          purchaseId: r.purchase_id, userId: r.user_id, ...contact, purchaseDate: new Date(r.paid_at as Date | string).toISOString(),
          amount: r.amount, currency: r.currency, state: r.state, reason: r.grant_reason,
          refundedAmount: r.refundedAmount, refundPendingAmount: r.refund_pending_minor / 100,
        }] : [];
      });
      const owning = new Set(rows.filter((r) => r.status === 'paid').map((r) => r.purchase_id));
      const owners = [...new Set(attendees.filter((a) => owning.has(a.purchaseId)).map((a) => a.userId))];
      return { product: { key: product.key, title: product.title, titleEn: product.titleEn }, attendees, totals: attendeeTotals(rows), owners };
    },
  };
}
