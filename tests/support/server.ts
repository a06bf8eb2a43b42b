import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from './databases.ts';

const root = join(import.meta.dirname, '..', '..');

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
  process: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts the built production server (dist/server/entry.mjs) with its own data directory,
 * and its own fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}, opts: { usePostgres?: boolean; waitReady?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-test-'));
  const pgdb = (opts.usePostgres ?? true) && process.env.TEST_DATABASE_URL && !env.DATABASE_URL ? await createPostgresDatabase() : null;
  const child = spawn(process.execPath, [join(root, 'dist', 'server', 'entry.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The address the tests and their browser use: links, redirects and the dev checkout are built from PUBLIC_URL,
      // and its default (http://localhost:PORT) would leave the session cookie set for 127.0.0.1 behind.
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
    url, port, dataDir, process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await pgdb?.drop();
      return code;
    },
  };
  if (opts.waitReady === false) return server;
  const deadline = Date.now() + 30_000;
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
