// `npm run projections:rebuild`: empty every read model and replay the event log into it.
// Run it with the server stopped when using the embedded database (PGlite allows one process).
// Document counters (modules/shared/numbering) are no read model and stay as they are: a rebuild must never let a
// number be issued again (tests/modules/shared/numbering/numbering-rebuild.test.ts).
import { openForScript } from './cli-runtime.ts';

const { database, store } = await openForScript();
const started = performance.now();
const { events } = await store.rebuildProjections();
console.log(`Rebuilt ${store.projections.map((p) => p.name).join(', ') || 'no'} read models from ${events} events in ${Math.round(performance.now() - started)} ms.`);
await database.close();
