import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * A restart costs no ffprobe run for the seed's demo recordings once they are adopted (issue 26): ffprobe on the
 * server's PATH is a wrapper that notes each run, then runs the real one.
 */
describe('the seed\'s demo recordings at a restart', () => {
  const bin = mkdtempSync(join(tmpdir(), 'ffprobe-spy-'));
  const runs = join(bin, 'runs.log');
  writeFileSync(join(bin, 'ffprobe'), `#!/bin/sh\necho "$@" >> ${runs}\nexec /usr/bin/ffprobe "$@"\n`);
  chmodSync(join(bin, 'ffprobe'), 0o755);
  const probes = () => readFileSync(runs, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean).length;
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}` };
  let second: RunningServer | undefined;
  afterAll(async () => { await second?.stop(); rmSync(bin, { recursive: true, force: true }); });

  const ready = (server: RunningServer) => expect.poll(() => server.output().includes('"msg":"ready"'), { timeout: 30_000 }).toBe(true);

  it('probes each demo recording at the first start and none at the next', async () => {
    const first = await startServer(env);
    await ready(first);
    expect(probes()).toBe(2);
    expect(await first.stop({ keepData: true })).toBe(0);

    second = await startServer(env, { reuse: first });
    await ready(second);
    expect(probes()).toBe(2);
  });
});
