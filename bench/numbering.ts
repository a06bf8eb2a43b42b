// Document numbers (modules/shared/numbering): what the locked counter costs a command. The same numbered-document
// command through handleCommand (its own transaction, `prepare` before deciding), once taking its number from the
// counter and once with a number given (no counter), at 1, 16 and 64 at once; on PostgreSQL also from two instances
// (two pools on one database). Every number is serial: the counter row's lock is held until each command commits.
import { connectPostgres } from '../modules/shared/db/index.ts';
import { createEventStore } from '../modules/shared/events/index.ts';
import { handleCommand, type CommandDeps } from '../modules/shared/kernel/index.ts';
import { allocateNumber, lastNumber } from '../modules/shared/numbering/index.ts';
import { numberedDocument } from '../tests/modules/shared/numbering/numbered-document.ts';
import { backendName, inParallel, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const COMMANDS = Number(process.env.BENCH_NUMBERS ?? 2_000);
const AT_ONCE = (process.env.BENCH_NUMBERS_AT_ONCE ?? '1,16,64').split(',').map(Number);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function issueMany(instances: CommandDeps[], atOnce: number, series: string, counted: boolean) {
  const took: number[] = [];
  const started = performance.now();
  await inParallel(COMMANDS, atOnce, async (i) => {
    const t0 = performance.now();
    await handleCommand(instances[i % instances.length]!, numberedDocument, `bench-${series}-${i}`,
      { type: 'IssueNumberedDocument', documentId: `${series}-${i}`, series, year: 2026, number: counted ? null : i + 1 }, {
        prepare: async (tx, cmd) => (counted ? { ...cmd, number: await allocateNumber(tx, cmd.series, cmd.year) } : cmd),
      });
    took.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  took.sort((a, b) => a - b);
  return { rate: COMMANDS / seconds, p50: percentile(took, 0.5), p99: percentile(took, 0.99) };
}

export async function numberingBench(backend: Backend) {
  const app = await openApp(backend);
  const second = app.url ? connectPostgres(app.url!) : null;
  try {
    const one = { db: app.db, store: app.store };
    let round = 0;
    const measure = async (label: string, instances: CommandDeps[], atOnce: number) => {
      for (const counted of [false, true]) {
        const series = `B${++round}`;
        const { rate, p50, p99 } = await issueMany(instances, atOnce, series, counted);
        const last = counted ? await lastNumber(app.db, series, 2026) : null;
        record({
          what: counted ? 'numbered documents (locked counter)' : 'same command, number given (no counter)',
          case: `${COMMANDS.toLocaleString('en-US')} commands, ${label} · ${backendName(backend)}`, rps: rate, p50, p99,
          result: last === null ? '' : `last number ${last}${last === COMMANDS ? ' (no gap)' : ` (expected ${COMMANDS})`}`,
        });
      }
    };
    for (const atOnce of AT_ONCE) await measure(`${atOnce} at once`, [one], atOnce);
    if (second) await measure('64 at once from two instances', [one, { db: second.db, store: createEventStore(second.db) }], 64);
  } finally {
    await second?.close();
    await app.close();
  }
}
