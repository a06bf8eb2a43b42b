// `npm start`: build if needed, then run the production server in this process.
// The server itself migrates the database and seeds an empty one before it listens.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm start), which uses the project's Node 24 from node_modules.`);
  process.exit(1);
}
buildIfStale();
process.env.PORT ??= '3000';
await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', 'server', 'entry.mjs')).href);
