import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counterWrites, importCycles, kernelTableWrites, projectSources, violations } from './imports.ts';

const root = join(import.meta.dirname, '..', '..');

describe('module boundaries', () => {
  it('hold in the whole tree: doors only, no web in modules, no module in the kernel, no kysely in pages', () => {
    expect(violations(projectSources(root, ['src', 'modules', 'scripts', 'migrations', 'bench']))).toEqual([]);
  });

  it('hold in the whole tree: no import cycle, the kernel\'s tables written (and events appended) only by the kernel', () => {
    const sources = projectSources(root, ['src', 'modules', 'scripts', 'migrations', 'bench']);
    expect(importCycles(sources)).toEqual([]);
    expect(kernelTableWrites(sources)).toEqual([]);
    expect(counterWrites(sources)).toEqual([]);
  });

  it.each([
    ['modules/invoicing/x.ts', "await tx.updateTable('document_counters').set({ last: 0 }).execute();"],
    ['scripts/x.ts', 'await sql`delete from document_counters`.execute(db);'],
    ['src/server/x.ts', 'await sql`insert into document_counters (series, year, last) values (1)`.execute(db);'],
  ])('refuses %s writing a document counter outside modules/shared/numbering: %s', (path, source) => {
    expect(counterWrites([{ path, source }]).map((v) => v.rule)).toEqual(['document counters are written only by modules/shared/numbering (allocateNumber)']);
  });

  it('lets modules/shared/numbering write the counters, and others read them', () => {
    expect(counterWrites([
      { path: 'modules/shared/numbering/index.ts', source: 'await sql`insert into document_counters (series) values (1)`.execute(tx);' },
      { path: 'modules/invoicing/x.ts', source: "await db.selectFrom('document_counters').selectAll().execute();" },
    ])).toEqual([]);
  });

  // Each rule is shown to catch a planted import, so none of them passes by checking nothing.
  it.each([
    ['src/pages/x.ts', "import { decide } from '../../modules/purchases/purchase.ts';", 'only the door of modules/purchases'],
    ['modules/accounts/x.ts', "import { ownedKeys } from '../purchases/queries.ts';", 'only the door of modules/purchases'],
    ['src/server/x.ts', "export { fold } from '../../modules/shared/kernel/decider.ts';", 'only the door of modules/shared'],
    ['modules/catalogue/x.ts', "import type { APIRoute } from 'astro';", 'never imports astro'],
    ['modules/catalogue/x.ts', "import { useState } from 'react';", 'never imports astro'],
    ['modules/purchases/x.ts', "import { json } from '../../src/server/http.ts';", 'never imports astro'],
    ['modules/shared/events/x.ts', "import type { AccountsTables } from '../../accounts/index.ts';", 'the shared kernel imports no module'],
    ['src/pages/x.astro', "---\nimport { sql } from 'kysely';\n---", 'pages never import kysely'],
    ['bench/x.ts', "import { ownedReads } from '../modules/purchases/owned.ts';", 'only the door of modules/purchases'],
  ])('refuses %s importing %s', (path, source, rule) => {
    expect(violations([{ path, source }]).map((v) => v.rule).join('\n')).toContain(rule);
  });

  it('lets doors through', () => {
    expect(violations([
      { path: 'src/pages/x.ts', source: "import { x } from '../../modules/purchases/index.ts';\nimport { y } from '../../modules/shared/kernel/index.ts';" },
      { path: 'modules/purchases/x.ts', source: "import { z } from './purchase.ts';\nimport { c } from '../catalogue/index.ts';" },
    ])).toEqual([]);
  });

  it.each([
    ['a door and its part', [['modules/m/index.ts', "export { a } from './a.ts';"], ['modules/m/a.ts', "import type { T } from './index.ts';"]], 'modules/m/a.ts → modules/m/index.ts → modules/m/a.ts'],
    ['three files', [['src/a.ts', "import { b } from './b.ts';"], ['src/b.ts', "import { c } from './c.ts';"], ['src/c.ts', "export { a } from './a.ts';"]], 'src/a.ts → src/b.ts → src/c.ts → src/a.ts'],
    ['a file and itself', [['modules/shared/kernel/x.ts', "import { x } from './x.ts';"]], 'modules/shared/kernel/x.ts → modules/shared/kernel/x.ts'],
  ])('refuses an import cycle: %s', (_, files, cycle) => {
    expect(importCycles(files.map(([path, source]) => ({ path: path!, source: source! }))).map((v) => v.rule)).toEqual([`no import cycle: ${cycle}`]);
  });

  it('lets a shared types file through', () => {
    expect(importCycles([
      { path: 'modules/m/index.ts', source: "export { a } from './a.ts';\nexport type { T } from './types.ts';" },
      { path: 'modules/m/a.ts', source: "import type { T } from './types.ts';" },
      { path: 'modules/m/types.ts', source: 'export type T = string;' },
    ])).toEqual([]);
  });

  it.each([
    ['modules/accounts/x.ts', "await tx.insertInto('outbox').values(row).execute();"],
    ['modules/campaigns/x.ts', "await db.updateTable('outbox').set({ status: 'done' }).execute();"],
    ['modules/catalogue/x.ts', "await db.deleteFrom(\"events\").execute();"],
    ['modules/campaigns/x.ts', "await sql`with s as (select 1) update outbox set status = 'done'`.execute(db);"],
    ['modules/purchases/x.ts', "await sql`insert into events (stream_id) values ('x')`.execute(db);"],
  ])('refuses %s writing a kernel table: %s', (path, source) => {
    expect(kernelTableWrites([{ path, source }]).map((v) => v.rule)).toEqual(['a module writes the kernel\'s tables (events, outbox) only through kernel functions']);
  });

  it.each([
    ['modules/purchases/x.ts', "await deps.store.append(streamOf(id), 0, events, { tx });"],
    ['modules/accounts/x.ts', "await rt.kernel.store.appendGroup(ids, decide);"],
  ])('refuses %s appending around the kernel: %s', (path, source) => {
    expect(kernelTableWrites([{ path, source }]).map((v) => v.rule)).toEqual(['a module appends events only through the kernel (handleCommand, appendAlongside)']);
  });

  it('lets the kernel write its tables, and a module read them', () => {
    expect(kernelTableWrites([
      { path: 'modules/shared/outbox/x.ts', source: "await db.updateTable('outbox').set({ status: 'done' }).execute();" },
      { path: 'modules/shared/events/x.ts', source: "await sql`insert into events (stream_id) values ('x')`.execute(db);" },
      { path: 'modules/shared/kernel/x.ts', source: 'await deps.store.append(streamId, 0, events, { tx });' },
      { path: 'modules/campaigns/x.ts', source: "await db.selectFrom('outbox').selectAll().execute();\nawait sql`select 1 from outbox o for update of o`.execute(db);" },
    ])).toEqual([]);
  });
});
