import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectSources, violations } from './imports.ts';

const root = join(import.meta.dirname, '..', '..');

describe('module boundaries', () => {
  it('hold in the whole tree: doors only, no web in modules, no module in the kernel, no kysely in pages', () => {
    expect(violations(projectSources(root, ['src', 'modules', 'scripts', 'migrations']))).toEqual([]);
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
  ])('refuses %s importing %s', (path, source, rule) => {
    expect(violations([{ path, source }]).map((v) => v.rule).join('\n')).toContain(rule);
  });

  it('lets doors through', () => {
    expect(violations([
      { path: 'src/pages/x.ts', source: "import { x } from '../../modules/purchases/index.ts';\nimport { y } from '../../modules/shared/kernel/index.ts';" },
      { path: 'modules/purchases/x.ts', source: "import { z } from './purchase.ts';\nimport { c } from '../catalogue/index.ts';" },
    ])).toEqual([]);
  });
});
