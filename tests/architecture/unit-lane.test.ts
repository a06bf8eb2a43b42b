import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_TESTS } from '../unit-lane.ts';
import { projectSources } from './imports.ts';
import { unitLaneImports } from './unit-lane.ts';

const root = join(import.meta.dirname, '..', '..');

describe('the unit lane (npm run test:unit)', () => {
  it('imports no database, server or process, neither in its files nor in the test support they use', () => {
    expect(UNIT_TESTS.length).toBeGreaterThan(50);
    expect(unitLaneImports(projectSources(root, ['tests']), UNIT_TESTS)).toEqual([]);
  });

  // Each rule is shown to catch a planted import, so the check above cannot pass by checking nothing.
  it.each([
    ["import { backends } from '../support/databases.ts';", "pg (through tests/support/databases.ts)"],
    ["import { PGlite } from '@electric-sql/pglite';", '@electric-sql/pglite'],
    ["import { createServer } from 'node:http';", 'node:http'],
    ["import { spawnSync } from 'node:child_process';", 'node:child_process'],
    ["import { openDatabase } from '../../modules/shared/db/index.ts';", '../../modules/shared/db/index.ts'],
    ["import { wireModules } from '../../src/server/modules.ts';", '../../src/server/modules.ts'],
  ])('refuses a unit test importing %s', (source, named) => {
    const files = [
      { path: 'tests/x/a.test.ts', source },
      { path: 'tests/support/databases.ts', source: "import pg from 'pg';" },
    ];
    expect(unitLaneImports(files, ['tests/x/a.test.ts']).map((v) => v.rule)).toEqual([`the unit lane starts no database, server or process: ${named}`]);
  });

  it('lets a decider, a module door and plain test support through, and names a listed file that is gone', () => {
    const files = [
      { path: 'tests/x/a.test.ts', source: "import { decide } from '../../modules/purchases/index.ts';\nimport { line } from '../support/lines.ts';" },
      { path: 'tests/support/lines.ts', source: "import { join } from 'node:path';" },
    ];
    expect(unitLaneImports(files, ['tests/x/a.test.ts'])).toEqual([]);
    expect(unitLaneImports(files, ['tests/x/gone.test.ts']).map((v) => v.rule)).toEqual(['a unit test file named in tests/unit-lane.ts exists']);
  });
});
