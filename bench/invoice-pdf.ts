// Invoice PDFs (modules/invoicing/pdf.ts): how many a process renders per second, one after another (the render is
// CPU work on the event loop: more at once only interleaves it), and how large each is. The first render, which reads
// and parses the two DejaVu fonts, is left out of the rate and reported on its own. The CPU time per PDF (the process's,
// garbage collection included) says what a render costs when the shared machine is busy with something else.
import { renderInvoicePdf, type InvoiceDocument, type InvoicePdfOptions } from '../modules/invoicing/index.ts';
import { sampleCorrection, sampleInvoice } from '../tests/modules/invoicing/invoice-documents.ts';
import { record } from './table.ts';

const RENDERS = Number(process.env.BENCH_PDFS ?? 300);
const KSEF = { url: 'https://qr-test.ksef.mf.gov.pl/invoice/1234563218/26-11-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE', label: '1234563218-20261126-0100001AF629-AF' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function renderMany(label: string, doc: InvoiceDocument, options: InvoicePdfOptions) {
  const took: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < RENDERS; i++) {
    const t0 = performance.now();
    bytes = (await renderInvoicePdf(doc, options)).length;
    took.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  took.sort((a, b) => a - b);
  record({
    what: 'invoice PDF render (documents/s)', case: `${RENDERS} ${label}, one at a time`, rps: RENDERS / seconds,
    p50: percentile(took, 0.5), p99: percentile(took, 0.99), result: `${bytes.toLocaleString('en-US')} bytes per PDF · ${((used.user + used.system) / 1000 / RENDERS).toFixed(1)} ms CPU per PDF`,
  });
}

export async function invoicePdfBench() {
  const t0 = performance.now();
  await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF });
  record({ what: 'invoice PDF render (documents/s)', case: 'first render of the process (fonts read)', p50: performance.now() - t0 });
  await renderMany('invoices, Polish, KSeF QR', sampleInvoice(), { language: 'pl', ksef: KSEF });
  await renderMany('invoices, English, no QR (consumer)', sampleInvoice({ buyer: { ...sampleInvoice().buyer, nip: null } }), { language: 'en', ksef: null });
  await renderMany('corrections, Polish, KSeF QR', sampleCorrection(), { language: 'pl', ksef: KSEF });
}
