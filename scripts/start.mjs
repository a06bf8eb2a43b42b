// `npm start`: build if needed, then run the production server with the Docker image's memory settings.
// The server itself migrates the database and seeds an empty one before it listens.
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm start), which uses the project's Node 24 from node_modules.`);
  process.exit(1);
}
buildIfStale();

/**
 * As the Dockerfile sets them (keep the two alike; the benchmark's server uses them too: tests/support/server.ts).
 * glibc reads its settings when a process starts and V8 sizes its heap then, so they cannot be set from here:
 * the server replaces this process (execve: one process, same pid, signals reach it) with them in place.
 */
const MEMORY_ENV = { MALLOC_ARENA_MAX: '2' };
const MEMORY_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512'];

process.execve(process.execPath, [process.execPath, ...MEMORY_FLAGS, join(import.meta.dirname, '..', 'dist', 'server', 'entry.mjs')], {
  ...MEMORY_ENV, ...process.env, PORT: process.env.PORT ?? '3000',
});
