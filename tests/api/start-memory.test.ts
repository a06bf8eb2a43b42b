// A self-hoster's small machine must survive the server's start, not only its idle hours: the most memory the
// process ever held (VmHWM) by the time it answers, on a database it has just made, stays under 400 MB.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

const LIMIT_MIB = 400;
const peakMiB = (pid: number) => Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const backends = [
  { name: 'PGlite', usePostgres: false, run: true },
  { name: 'PostgreSQL (TEST_DATABASE_URL)', usePostgres: true, run: Boolean(process.env.TEST_DATABASE_URL) },
];

describe('memory at start', () => {
  let server: RunningServer | null = null;
  afterEach(async () => { await server?.stop(); server = null; });

  for (const backend of backends) {
    // Without TEST_DATABASE_URL the PostgreSQL case shows as skipped, with the reason in its name.
    it.skipIf(!backend.run)(`a first start on an empty data directory peaks under ${LIMIT_MIB} MB on ${backend.name}, and so does a restart on its data`, async () => {
      // startServer runs the image's memory settings (AS_IN_THE_IMAGE), on a data directory of its own.
      const first = await startServer({ LOG_LEVEL: 'warn' }, { usePostgres: backend.usePostgres });
      server = first;
      expect(peakMiB(first.process.pid!)).toBeLessThan(LIMIT_MIB);
      await first.stop({ keepData: true });
      server = await startServer({ LOG_LEVEL: 'warn' }, { reuse: first });
      expect(peakMiB(server.process.pid!)).toBeLessThan(LIMIT_MIB);
    }, 120_000);
  }
});
