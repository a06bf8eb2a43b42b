import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext { pgliteTemplate: string }
}

/**
 * Vitest's global setup for the in-process tests: one empty PGlite data directory, made once per run and written
 * to a file, from which every test's fresh embedded database starts (`backends` in databases.ts). Running initdb
 * for each of them is most of what a module test on PGlite costs.
 */
export default async function setup(project: TestProject) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(join(tmpdir(), 'gestalt-pglite-'));
  const file = join(dir, 'empty-pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
