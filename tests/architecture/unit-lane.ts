import { dirname, relative, resolve } from 'node:path';
import { importsOf, type SourceFile, type Violation } from './imports.ts';

/** Packages that open a database, listen, connect or start a process: none is for the unit lane. */
const STARTERS = /^(?:@electric-sql\/pglite(?:\/.*)?|pg|(?:node:)?(?:http|https|http2|net|child_process)|smtp-server|s3rver|@playwright\/test|playwright)$/;
/** The project's own code that opens the database or starts the server (modules and src are otherwise free to import). */
const STARTING_CODE = /^(?:modules\/shared\/db\/.*|src\/server\/(?:runtime|modules)\.ts|src\/server\/page-cache\/front-server\.ts)$/;

/**
 * What keeps the unit lane quick: a unit test file, and every file of tests/ it imports on the way (support included),
 * imports none of STARTERS nor STARTING_CODE. Code under modules/ and src/ is followed no further: it may import a
 * driver that the test never calls, but a test of tests/ that brings a database or server starts it.
 * `files`: the sources of tests/ (paths from the project root); `unit`: the lane's files.
 */
export function unitLaneImports(files: SourceFile[], unit: readonly string[]): Violation[] {
  const byPath = new Map(files.map((f) => [f.path, f.source]));
  const out: Violation[] = [];
  for (const start of unit) {
    if (!byPath.has(start)) { out.push({ file: start, imports: '', rule: 'a unit test file named in tests/unit-lane.ts exists' }); continue; }
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const spec of importsOf(byPath.get(path)!)) {
        const target = spec.startsWith('.') ? relative('.', resolve(dirname(path), spec)).replaceAll('\\', '/') : null;
        const via = path === start ? '' : ` (through ${path})`;
        if (target === null ? STARTERS.test(spec) : STARTING_CODE.test(target)) {
          out.push({ file: start, imports: spec, rule: `the unit lane starts no database, server or process: ${spec}${via}` });
        } else if (target && byPath.has(target)) queue.push(target);
      }
    }
  }
  return out;
}
