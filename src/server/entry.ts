/**
 * The production server entry (dist/server/entry.mjs). It boots the runtime (configuration,
 * migrations, seed, outbox worker, request observer) before @astrojs/node's standalone server
 * starts listening, so start-up errors stop the process and the first request is already observed.
 */
import { getRuntime } from './runtime.ts';

await getRuntime();
await import('@astrojs/node/server.js');
