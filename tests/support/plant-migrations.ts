// Preloaded into a test's server (`node --import`, tests/support/server.ts `preload`): hands the start the planted
// migrations (planted-migrations.ts) through the boot options that src/server/entry.ts reads. Which set: PLANTED.
// Test-only: the production server reads no variable for this, and nothing but a preload sets the boot options.
import { plantedFailing, plantedOk } from './planted-migrations.ts';

const sets = { failing: plantedFailing, newer: plantedOk };
const which = process.env.PLANTED as keyof typeof sets;
if (!sets[which]) throw new Error(`PLANTED must be one of ${Object.keys(sets).join(', ')}`);
(globalThis as Record<symbol, unknown>)[Symbol.for('gestalt-online.boot-options')] = { extraMigrations: sets[which] };
