// Invoices (issue 23): what issuing costs, and what asking for an invoice adds to the checkout. Per database:
// checkouts paid on the dev checkout with and without "Chcę fakturę"; then every requested invoice issued through the
// outbox handler, 16 at once (number from the locked counter, FA(3) XML, the document's event, its mail and KSeF rows);
// then each one's PDF rendered, as the mail and the download do. Figures, not tests.
import { DEMO_KEYS } from '../modules/catalogue/index.ts';
import { INVOICE_TOPICS } from '../modules/invoicing/index.ts';
import { company, institute, invoicingApp } from '../tests/support/invoicing-app.ts';
import { backendName, inParallel, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const BUYERS = Number(process.env.BENCH_INVOICE_BUYERS ?? 60);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function timed<T>(count: number, atOnce: number, task: (i: number) => Promise<T>) {
  const took: number[] = [];
  const started = performance.now();
  await inParallel(count, atOnce, async (i) => {
    const t0 = performance.now();
    await task(i);
    took.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  took.sort((a, b) => a - b);
  return { rps: count / seconds, p50: percentile(took, 0.5), p99: percentile(took, 0.99), seconds };
}

export async function invoicesBench(backend: Backend) {
  const opened = await openApp(backend);
  try {
    const app = await invoicingApp(opened.database, { seed: false });
    await app.invoicing.saveSellerSettings(institute, 'bench');
    // The demo products without a seat limit (the training has 14 seats).
    const keys = Object.values(DEMO_KEYS).filter((key) => key !== DEMO_KEYS.breath);
    const buyers: { userId: string; email: string }[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push({ email: `kupujacy${i}@example.com`, userId: await app.buyer(`kupujacy${i}@example.com`) });
    const label = backendName(backend);
    // Each buyer buys every unlimited product: two without an invoice, the others with one.
    const plain = keys.slice(0, 2);
    const invoiced = keys.slice(2);
    const without = await timed(BUYERS * plain.length, 4, (i) => app.buy(buyers[i % BUYERS]!.userId, buyers[i % BUYERS]!.email, { key: plain[Math.floor(i / BUYERS)]!, drain: false }));
    const purchases: string[] = [];
    const withInvoice = await timed(BUYERS * invoiced.length, 4, async (i) => {
      purchases.push(await app.buy(buyers[i % BUYERS]!.userId, buyers[i % BUYERS]!.email, { key: invoiced[Math.floor(i / BUYERS)]!, invoice: company, drain: false }));
    });
    record({ what: 'checkout started and paid (dev checkout)', case: `without an invoice, 4 at once · ${label}`, rps: without.rps, p50: without.p50, p99: without.p99 });
    record({ what: 'checkout started and paid (dev checkout)', case: `with "Chcę fakturę", 4 at once · ${label}`, rps: withInvoice.rps, p50: withInvoice.p50, p99: withInvoice.p99 });

    const handler = app.wired.outboxHandlers[INVOICE_TOPICS.issue]!;
    const issued = await timed(purchases.length, 16, (i) => handler({ purchaseId: purchases[i]! }, { id: 0, topic: INVOICE_TOPICS.issue, attempts: 1, claimToken: 'bench' }));
    const list = await app.invoicing.adminInvoices({ month: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' }).format(new Date()) });
    record({ what: 'invoices issued (locked number, FA(3) XML, event, mail and KSeF rows)', case: `${purchases.length} invoices, 16 at once · ${label}`, rps: issued.rps, p50: issued.p50, p99: issued.p99,
      result: `${list.length} issued, highest ${list.map((d) => d.number).sort().at(-1) ?? '-'}` });
    let bytes = 0;
    const rendered = await timed(list.length, 2, async (i) => { bytes += (await app.invoicing.invoicePdf(list[i]!.invoiceId, { userId: 'bench', admin: true })).bytes.length; });
    record({ what: 'invoice PDFs rendered from the issued documents', case: `${list.length} PDFs, 2 at once · ${label}`, rps: rendered.rps, p50: rendered.p50, p99: rendered.p99,
      result: `${Math.round(bytes / list.length / 1024)} KB each` });
    record({ what: 'invoices issued with their PDFs (issue, then render)', case: `${list.length} invoices · ${label}`, rps: list.length / (issued.seconds + rendered.seconds) });
  } finally {
    await opened.close();
  }
}
