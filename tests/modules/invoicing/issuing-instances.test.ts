import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../../modules/catalogue/index.ts';
import { INVOICE_TOPICS } from '../../../modules/invoicing/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { lastNumber } from '../../../modules/shared/numbering/index.ts';
import { backends, onPostgres, useTwoConnections } from '../../support/databases.ts';
import { company, institute, invoicingApp } from '../../support/invoicing-app.ts';

const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)(onPostgres('invoices issued by two instances on one PostgreSQL'), () => {
  const instances = useTwoConnections();

  it('given 200 paid purchases asking for an invoice, when both instances issue them at once, each twice, then the invoices are exactly FV/2026/000001 to 000200', async () => {
    const { first: handle, second } = instances;
    const clock = fixedClock('2026-11-26T10:00:00.000Z');
    const one = await invoicingApp(handle, { clock });
    const two = await invoicingApp(second, { clock, seed: false });
    await one.invoicing.saveSellerSettings(institute, 'admin-1');
    // The demo products without a seat limit (the training has 14 seats).
    const keys = Object.values(DEMO_KEYS).filter((key) => key !== DEMO_KEYS.breath);
    const purchases: string[] = [];
    for (let u = 0; purchases.length < 200; u += 1) {
      const email = `buyer${u}@example.com`;
      const userId = await one.buyer(email);
      for (const key of keys) if (purchases.length < 200) purchases.push(await one.buy(userId, email, { key, invoice: company, drain: false }));
    }
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(0);
    // Every purchase's issue delivered by both instances at once, as two workers claiming the same row after a lease ran out would.
    const issue = (app: typeof one, purchaseId: string) => app.wired.outboxHandlers[INVOICE_TOPICS.issue]!({ purchaseId }, { id: 0, topic: INVOICE_TOPICS.issue, attempts: 1, claimToken: 'x' });
    await Promise.all(purchases.flatMap((purchaseId, i) => (i % 2 === 0 ? [issue(one, purchaseId), issue(two, purchaseId)] : [issue(two, purchaseId), issue(one, purchaseId)])));
    const numbers = (await handle.db.selectFrom('invoices').select('number').execute()).map((r) => Number(r.number.split('/')[2])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(200);
    const issued = await handle.db.selectFrom('events').select('stream_id').where('type', '=', 'InvoiceIssued').execute();
    expect(new Set(issued.map((e) => e.stream_id)).size).toBe(200);
    expect(issued).toHaveLength(200);
  }, 240_000);
});
