// `npm run migrate`: apply pending migrations (the server also does this at start-up).
import { openForScript } from './cli-runtime.ts';

const { database, applied } = await openForScript();
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
await database.close();
