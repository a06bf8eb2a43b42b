// The memory settings are set in three places (the image, `npm start`, the servers tests and benchmarks start):
// the RSS the benchmark reports is only what a user gets while the three agree.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AS_IN_THE_IMAGE, freePort, startServer, type RunningServer } from '../support/server.ts';

const root = join(import.meta.dirname, '..', '..');
const flags = AS_IN_THE_IMAGE.NODE_OPTIONS.split(' ');
const envOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
const argsOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('memory settings', () => {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => { for (const c of cleanup.reverse()) await c(); });

  it('are the Docker image\'s: its environment and the flags of its command', () => {
    const runtime = readFileSync(join(root, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1)!;
    for (const [name, value] of Object.entries(AS_IN_THE_IMAGE).filter(([k]) => k !== 'NODE_OPTIONS')) {
      expect(runtime).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'));
    }
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]!) as string[];
    expect(cmd).toEqual(['node', ...flags, 'dist/server/entry.mjs']);
  });

  it('apply to the servers the tests and benchmarks start', async () => {
    const server: RunningServer = await startServer({}, { usePostgres: false });
    cleanup.push(() => server.stop());
    const pid = server.process.pid!;
    expect(envOf(pid)).toContain(`MALLOC_ARENA_MAX=${AS_IN_THE_IMAGE.MALLOC_ARENA_MAX}`);
    expect(envOf(pid)).toContain(`NODE_OPTIONS=${AS_IN_THE_IMAGE.NODE_OPTIONS}`);
  });

  it('apply to `npm start`, which runs the server in its own process (same pid) with them', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-start-'));
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root, stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanup.push(async () => { child.kill('SIGTERM'); await exited; rmSync(dataDir, { recursive: true, force: true }); });
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
    expect(argsOf(child.pid!).slice(1)).toEqual([...flags, join(root, 'dist', 'server', 'entry.mjs')]);
    expect(envOf(child.pid!)).toContain(`MALLOC_ARENA_MAX=${AS_IN_THE_IMAGE.MALLOC_ARENA_MAX}`);
  });
});
