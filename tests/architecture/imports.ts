import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type SourceFile = { path: string; source: string };
export type Violation = { file: string; imports: string; rule: string };

/** Parts of the shared kernel other code may import, each through its own index.ts. */
const SHARED_DOORS = ['config', 'db', 'events', 'group-commit', 'kernel', 'memory', 'outbox', 'text', 'rate-limit', 'signing', 'numbering', 'calendar', 'pdf', 'outside'];
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

/** The parts of the shared kernel that own the kernel's tables: only they write `events` and `outbox`. */
const KERNEL_TABLE_OWNERS = /^modules\/shared\/(kernel|events|outbox)\//;
const KERNEL_TABLE_WRITE = [
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`](?:outbox|events)['"`]/,
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:outbox|events)\b/i,
];

/** The event store's own appends: a module appends through the kernel, which records whom its events concern. */
const RAW_APPEND = /\bstore\s*\.\s*(?:append|appendGroup)\s*\(/;

/**
 * A module writing the kernel's tables itself, not through a function of modules/shared/{kernel,events,outbox};
 * or appending with the store's own append instead of the kernel's (handleCommand, appendAlongside).
 */
export function kernelTableWrites(files: SourceFile[]): Violation[] {
  return files.filter(({ path }) => path.startsWith('modules/') && !KERNEL_TABLE_OWNERS.test(path)).flatMap(({ path, source }) => [
    ...KERNEL_TABLE_WRITE.flatMap((re) => {
      const m = re.exec(source);
      return m ? [{ file: path, imports: m[0], rule: 'a module writes the kernel\'s tables (events, outbox) only through kernel functions' }] : [];
    }),
    ...[RAW_APPEND.exec(source)].flatMap((m) => (m ? [{ file: path, imports: m[0], rule: 'a module appends events only through the kernel (handleCommand, appendAlongside)' }] : [])),
  ]);
}

/** Writes of the document counters; only modules/shared/numbering makes them (migrations create the table). */
const COUNTER_WRITE = [
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]document_counters['"`]/,
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+document_counters\b/i,
];

/**
 * Code other than modules/shared/numbering writing a document counter (src, modules, scripts, bench): a number
 * set, reset or computed anywhere else could be issued twice.
 */
export function counterWrites(files: SourceFile[]): Violation[] {
  return files.filter(({ path }) => !path.startsWith('modules/shared/numbering/') && !path.startsWith('migrations/')).flatMap(({ path, source }) =>
    COUNTER_WRITE.flatMap((re) => {
      const m = re.exec(source);
      return m ? [{ file: path, imports: m[0], rule: 'document counters are written only by modules/shared/numbering (allocateNumber)' }] : [];
    }));
}

/** The relative imports of each file that resolve to another file of `files`. */
function importGraph(files: SourceFile[]): Map<string, string[]> {
  const known = new Set(files.map((f) => f.path));
  return new Map(files.map(({ path, source }) => [path, importsOf(source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative('.', resolve(dirname(path), spec)).replaceAll('\\', '/'))
    .filter((target) => known.has(target))]));
}

/**
 * Import cycles (type-only imports included: a part that takes its types back from its door still cannot be
 * read, moved or tested without the door). Each strongly connected group of files is one violation, named by
 * one cycle through it, e.g. `a.ts → b.ts → a.ts`.
 */
export function importCycles(files: SourceFile[]): Violation[] {
  const graph = importGraph(files);
  // Tarjan's strongly connected components, iteratively (no recursion limit on a deep tree).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter); low.set(start, counter++); stack.push(start); onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node)!;
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter); low.set(to, counter++); stack.push(to); onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do { member = stack.pop()!; onStack.delete(member); group.push(member); } while (member !== frame.node);
        if (group.length > 1 || graph.get(frame.node)!.includes(frame.node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => {
    const cycle = cycleThrough(graph, new Set(group), group.sort()[0]!);
    return { file: cycle[0]!, imports: cycle[1]!, rule: `no import cycle: ${cycle.join(' → ')}` };
  });
}

/** The shortest way from `start` back to itself inside `group` (breadth first). */
function cycleThrough(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node)!) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(to)) { from.set(to, node); queue.push(to); }
    }
  }
  return [start, start];
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
