/**
 * Purchase events recorded before money was kept only in minor units (issue 36) may hold an amount in whole units
 * (`amount`, 2290) without `amountMinor` (before issue 21). They are read with `amountMinor`, converted exactly from
 * the number's decimal text (minorOfWhole), whenever the log is read; the log itself is never rewritten. Newer
 * events carry `amountMinor` only (older ones keep their `amount` too, which nothing reads any more).
 */
import { registerUpcaster } from '../shared/events/index.ts';
import { minorOfWhole } from '../shared/text/index.ts';

type Amounts = { amount?: number; amountMinor?: number; currency?: string };

function withMinor(data: unknown): unknown {
  const d = data as Amounts;
  if (typeof d.amountMinor === 'number') return d;
  const minor = minorOfWhole(d.amount ?? Number.NaN);
  if (minor === null) throw new Error(`a recorded amount ${String(d.amount)} ${d.currency ?? ''} is not an amount of at most two decimals`);
  return { ...d, amountMinor: minor };
}

for (const type of ['CheckoutStarted', 'PurchaseCompleted', 'DuplicatePaymentReceived', 'PaymentMismatchReceived', 'DuplicatePaymentRefunded']) {
  registerUpcaster(type, withMinor);
}
