// Event store: appends as a command makes them (one event per command, its own transaction, registering as an
// appender, the projections, then the coalesced NOTIFY after the commit), then a rebuild of every read model from the log.
import { randomUUID } from 'node:crypto';
import { subscriptionDecider } from '../modules/campaigns/index.ts';
import { handleCommand } from '../modules/shared/kernel/index.ts';
import { backendName, inParallel, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 100_000);
/**
 * Commands in flight at once, each on its own stream (as many visitors acting at the same moment). Commands arriving
 * together share a commit (the kernel's group commit), and every commit waits for one disk flush (bench/README.md), so
 * the rate grows with how many act at once: measured at 16 and at 64. The rebuild follows the first run.
 */
const APPENDERS = (process.env.BENCH_APPENDERS ?? '16,64').split(',').map(Number);

export async function storeBench(backend: Backend) {
  const app = await openApp(backend);
  try {
    const kernel = { db: app.db, store: app.store };
    const now = new Date();
    for (const [round, appenders] of APPENDERS.entries()) {
      const users = Array.from({ length: APPENDS }, () => randomUUID());
      const started = performance.now();
      // Unsubscribe: a real command whose event a projection turns into a row (campaign_unsubscribed).
      await inParallel(APPENDS, appenders, async (i) => {
        const userId = users[i]!;
        await handleCommand(kernel, subscriptionDecider, `subscription-${userId}`, { type: 'Unsubscribe', userId, now });
      });
      const seconds = (performance.now() - started) / 1000;
      record({ what: 'event store appends', case: `${APPENDS.toLocaleString('en-US')} commands, ${appenders} at once · ${backendName(backend)}`, result: `${Math.round(APPENDS / seconds).toLocaleString('en-US')} appends/s (${seconds.toFixed(1)} s)` });
      if (round > 0) continue;

      const t0 = performance.now();
      const { events } = await app.store.rebuildProjections();
      const rebuild = (performance.now() - t0) / 1000;
      record({ what: 'projections rebuild', case: `every read model from ${events.toLocaleString('en-US')} events · ${backendName(backend)}`, result: `${rebuild.toFixed(1)} s` });
    }
  } finally {
    await app.close();
  }
}
