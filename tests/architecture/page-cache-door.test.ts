import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, projectSources, type SourceFile } from './imports.ts';

const root = join(import.meta.dirname, '..', '..');
const FOLDER = 'src/server/page-cache/';

/** Files outside src/server/page-cache/ that import one of its parts other than its door (index.ts). */
function pastTheDoor(files: SourceFile[]): string[] {
  return files.filter(({ path }) => !path.startsWith(FOLDER)).flatMap(({ path, source }) => importsOf(source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative('.', resolve(dirname(path), spec)).replaceAll('\\', '/'))
    .filter((target) => target.startsWith(FOLDER) && target !== `${FOLDER}index.ts`)
    .map((target) => `${path} → ${target}`));
}

describe('the page cache is one part with one door', () => {
  it('is imported by the rest of src/ only through src/server/page-cache/index.ts', () => {
    expect(pastTheDoor(projectSources(root, ['src']))).toEqual([]);
  });

  it('refuses a planted import of one of its parts', () => {
    expect(pastTheDoor([{ path: 'src/pages/x.ts', source: "import { pageStore } from '../server/page-cache/store.ts';" }]))
      .toEqual(['src/pages/x.ts → src/server/page-cache/store.ts']);
    expect(pastTheDoor([{ path: 'src/pages/x.ts', source: "import { keepNot } from '../server/page-cache/index.ts';" }])).toEqual([]);
  });
});
