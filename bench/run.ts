// `npm run bench [-- pages|store|campaign|lighthouse …]`: every benchmark of issue 12 against the production
// build, printed as one table. Figures, not tests: nothing here fails a build.
import { availableParallelism, totalmem } from 'node:os';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { startCeiling } from './http.ts';
import { pagesBench } from './pages.ts';
import { printTable, record } from './table.ts';

const SECTIONS = ['pages', 'sign-in', 'store', 'campaign', 'numbering', 'invoice-pdf', 'invoices', 'seats', 'attendance', 'reminders', 'transcode', 'hls', 'lighthouse'] as const;
type Section = (typeof SECTIONS)[number];

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const sections = new Set<Section>(asked.length > 0 ? (asked as Section[]) : SECTIONS);

// A DATABASE_URL only names the server: every benchmark makes a fresh database on it and drops it afterwards.
if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const backends = postgres ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

if (sections.has('pages') || sections.has('sign-in') || sections.has('hls') || sections.has('lighthouse')) buildIfStale();
console.error(`benchmarks: ${[...sections].join(', ')} · ${availableParallelism()} cores · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · ${new Date().toISOString()}`);

try {
  if (sections.has('pages')) {
    // One ceiling process for the run, measured again around each group of rated rows (bench/rated.ts).
    const ceiling = await startCeiling();
    try {
      for (const backend of backends) {
        await pagesBench(backend, ceiling, backends.length > 1 ? ` · ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}` : '');
      }
    } finally {
      ceiling.stop();
    }
    if (!postgres) record({ what: 'memory after the load run: RSS · peak since start (VmHWM)', case: 'PostgreSQL', result: 'skipped: set DATABASE_URL or TEST_DATABASE_URL' });
  }
  if (sections.has('sign-in')) {
    const { signInBench } = await import('./sign-in.ts');
    await signInBench();
  }
  if (sections.has('store')) {
    const { storeBench } = await import('./store.ts');
    for (const backend of backends) await storeBench(backend);
    if (!postgres) record({ what: 'event store', case: 'PostgreSQL', result: 'skipped: set DATABASE_URL or TEST_DATABASE_URL' });
  }
  if (sections.has('campaign')) {
    const { campaignBench } = await import('./campaign.ts');
    for (const backend of backends) await campaignBench(backend);
  }
  if (sections.has('numbering')) {
    const { numberingBench } = await import('./numbering.ts');
    for (const backend of backends) await numberingBench(backend);
  }
  if (sections.has('invoice-pdf')) {
    const { invoicePdfBench } = await import('./invoice-pdf.ts');
    await invoicePdfBench();
  }
  if (sections.has('invoices')) {
    const { invoicesBench } = await import('./invoices.ts');
    for (const backend of backends) await invoicesBench(backend);
  }
  if (sections.has('seats')) {
    const { seatsBench } = await import('./seats.ts');
    for (const backend of backends) await seatsBench(backend);
  }
  if (sections.has('attendance')) {
    const { attendanceBench } = await import('./attendance.ts');
    for (const backend of backends) await attendanceBench(backend);
  }
  if (sections.has('reminders')) {
    const { remindersBench } = await import('./reminders.ts');
    for (const backend of backends) await remindersBench(backend);
  }
  if (sections.has('transcode')) {
    const { transcodeBench } = await import('./transcode.ts');
    await transcodeBench();
  }
  if (sections.has('hls')) {
    const { hlsBench } = await import('./hls.ts');
    await hlsBench();
  }
  if (sections.has('lighthouse')) {
    const { lighthouseBench } = await import('./lighthouse.ts');
    await lighthouseBench();
    await lighthouseBench(true);
  }
} catch (error) {
  // A benchmark that breaks still prints what it measured; the exit code stays 0 (figures, not a gate).
  console.error('benchmark stopped early:', error);
}
printTable();
