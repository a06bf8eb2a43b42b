import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPostgresDatabase } from './databases.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * The memory settings the Docker image and `npm start` run the server with (see the Dockerfile for why): every
 * server the tests and benchmarks start runs under them, so the heap cap is exercised and the measured RSS is
 * what a user gets.
 */
export const AS_IN_THE_IMAGE = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=4 --max-old-space-size=512' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database made for this server (null on PGlite or with an explicit DATABASE_URL). */
  database: { url: string; drop(): Promise<void> } | null;
  process: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code; deletes the data unless `keepData` (to start again on it with `reuse`). */
  stop(opts?: { keepData?: boolean }): Promise<number | null>;
};

/**
 * Starts the built production server (dist/server/entry.mjs) with its own data directory,
 * and its own fresh PostgreSQL database when TEST_DATABASE_URL is set; `reuse` starts it instead on
 * the data directory and database of a server stopped with `keepData`, and takes over deleting them.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    usePostgres?: boolean; waitReady?: boolean; reuse?: Pick<RunningServer, 'dataDir' | 'database'>;
    /** A module loaded before the server (`node --import`): how a test hands the start boot options (plant-migrations.ts). */
    preload?: string;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'gestalt-test-'));
  const pgdb = opts.reuse ? opts.reuse.database
    : (opts.usePostgres ?? true) && process.env.TEST_DATABASE_URL && !env.DATABASE_URL ? await createPostgresDatabase() : null;
  const preload = opts.preload ? ['--import', pathToFileURL(opts.preload).href] : [];
  const child = spawn(process.execPath, [...preload, join(root, 'dist', 'server', 'entry.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...AS_IN_THE_IMAGE,
      // No transcodes (≈1.6 s of every core per demo recording at start, in hundreds of servers): a test that
      // watches one passes TRANSCODE_WORKERS: '1'.
      TRANSCODE_WORKERS: '0',
      // Links in mail and redirects come from PUBLIC_URL only; the tests reach the server at this address.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url, port, dataDir, database: pgdb, process: child,
    output: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (keepData) return code;
      rmSync(dataDir, { recursive: true, force: true });
      await pgdb?.drop();
      return code;
    },
  };
  if (opts.waitReady === false) return server;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await server.stop();
  throw new Error(`server did not become healthy:\n${output}`);
}
