import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type SourceFile = { path: string; source: string };
export type Violation = { file: string; imports: string; rule: string };

/** Parts of the shared kernel other code may import, each through its own index.ts. */
const SHARED_DOORS = ['config', 'db', 'events', 'kernel', 'memory', 'outbox', 'text', 'rate-limit'];
const UI_PACKAGES = /^(astro|astro:.*|@astrojs\/.*|react|react-dom|react\/.*|react-dom\/.*|nanostores|@nanostores\/.*)$/;

/** Every import specifier in a TypeScript, TSX, Astro or JavaScript source (static, dynamic and re-exports). */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const re of [/\bimport\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g, /\bexport\s+(?:type\s+)?[^'";]*?\s+from\s+['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]) {
    for (const m of source.matchAll(re)) found.add(m[1]!);
  }
  return [...found];
}

/** `modules/<name>/…` of a path relative to the project root, or null outside modules/. */
const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1] ?? null;

/** A module's door: its index.ts, or for the shared kernel one of its parts' index.ts. */
function isDoor(target: string): boolean {
  const m = /^modules\/([^/]+)\/(.+)$/.exec(target);
  if (!m) return true;
  if (m[2] === 'index.ts') return true;
  return m[1] === 'shared' && SHARED_DOORS.some((part) => m[2] === `${part}/index.ts`);
}

/**
 * The boundaries: code outside a module imports only its door; a module never imports the web
 * (astro, react, src/); the shared kernel imports no module; pages never import kysely.
 */
export function violations(files: SourceFile[]): Violation[] {
  const out: Violation[] = [];
  for (const { path, source } of files) {
    const from = moduleOf(path);
    for (const spec of importsOf(source)) {
      const target = spec.startsWith('.') ? relative('.', resolve(dirname(path), spec)).replaceAll('\\', '/') : null;
      const to = target ? moduleOf(target) : null;
      const add = (rule: string) => out.push({ file: path, imports: spec, rule });
      if (target && to && to !== from && !isDoor(target)) add(`only the door of modules/${to} (its index.ts) may be imported from outside it`);
      if (from && (UI_PACKAGES.test(spec) || target?.startsWith('src/'))) add('a module never imports astro, react or src/');
      if (from === 'shared' && to && to !== 'shared') add('the shared kernel imports no module');
      if (path.startsWith('src/pages/') && (spec === 'kysely' || spec.startsWith('kysely/'))) add('pages never import kysely');
    }
  }
  return out;
}

/** The project's own sources under `dirs` (tests are free to reach into a module's parts). */
export function projectSources(root: string, dirs: string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir))) {
      const path = `${dir}/${entry}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|astro|mjs)$/.test(entry)) files.push({ path, source: readFileSync(join(root, path), 'utf8') });
    }
  };
  dirs.forEach(walk);
  return files;
}
