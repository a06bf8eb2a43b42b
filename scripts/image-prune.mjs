// The image's node_modules: only the packages the built server and the image's CLIs can load (the Dockerfile's
// build stage, after `npm prune --omit=dev`). The prune keeps every production dependency's whole tree, and most of
// it is astro's compiler (vite, rolldown, esbuild, lightningcss, shiki, typescript as valibot's optional peer...),
// which the build bundles away: the built server never imports it. This follows the imports file by file from
// dist/server and the CLIs (static and dynamic imports, require and resolve of a string, the fixed start of a
// template string) with Node's own resolution, keeps each package a reached file belongs to whole (packages read
// their own files by path: PGlite's wasm, pdfkit's metrics, sharp's libvips) and deletes the others, then type
// declarations, source maps and TypeScript sources (Node never runs .ts under node_modules) in what is left.
// Run with --experimental-import-meta-resolve (import.meta.resolve with a parent). `--check` then imports every
// package specifier the entries name, so a package the walk missed fails the build rather than the first request.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? '.');
const modules = join(root, 'node_modules');
// Loaded by a name made at run time: sharp's prebuilt binding and its libvips (`@img/sharp-${platform}`).
const ALWAYS = [/^@img\//];
const CLIS = ['backup', 'restore', 'verify-backup'].map((n) => join(root, 'scripts', `${n}.ts`));
const SPECIFIER = /(?:\bfrom|\bimport|\brequire|\.resolve)\s*\(?\s*(['"])([^'"\n]+)\1/g;
const TEMPLATE = /(?:\bimport|\brequire|\.resolve)\s*\(\s*`([^`$\n]+)/g;
const builtins = new Set(builtinModules);

const walkFiles = (dir, test) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && test(e.name)).map((e) => join(e.parentPath, e.name));

/** The package directory a path under node_modules belongs to (a scope counts), or null. */
function packageDir(file) {
  const at = file.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return null;
  const parts = file.slice(at + 14).split(sep);
  return file.slice(0, at + 14) + (parts[0].startsWith('@') ? `${parts[0]}${sep}${parts[1]}` : parts[0]);
}

function resolved(specifier, from) {
  const found = [];
  try {
    const url = import.meta.resolve(specifier, pathToFileURL(from).href);
    if (url.startsWith('file:')) found.push(fileURLToPath(url));
  } catch { /* not resolvable as an import: a string that only looked like one, or require-only */ }
  try {
    found.push(createRequire(from).resolve(specifier));
  } catch { /* likewise for require */ }
  return found.filter((f) => existsSync(f) && statSync(f).isFile());
}

function trace() {
  const entries = [...walkFiles(join(root, 'dist', 'server'), (n) => n.endsWith('.mjs')), ...CLIS.filter(existsSync)];
  const seen = new Set();
  const named = new Map();
  const packages = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const dir = packageDir(file);
    if (dir) packages.add(dir);
    if (!/\.(m|c)?(j|t)s$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(SPECIFIER)].map((m) => m[2]);
    for (const m of source.matchAll(TEMPLATE)) {
      const parts = m[1].split('/');
      if (parts.length > 1) specifiers.push(parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
    for (const specifier of specifiers) {
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
      const targets = resolved(specifier, file);
      if (!dir && !specifier.startsWith('.') && targets.length) named.set(specifier, targets[0]);
      // A bare name only (a template's start): the package's directory, from its package.json.
      if (!targets.length && !specifier.startsWith('.')) {
        const pkg = resolved(`${specifier}/package.json`, file);
        if (pkg.length) packages.add(packageDir(pkg[0]));
      }
      queue.push(...targets);
    }
  }
  return { packages, named };
}

/** Every package directory under a node_modules folder, nested ones too. */
function allPackages(dir = modules) {
  if (!existsSync(dir)) return [];
  const here = readdirSync(dir).filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(dir, n)).map((i) => join(dir, n, i)) : [join(dir, n)]));
  return [...here, ...here.flatMap((pkg) => allPackages(join(pkg, 'node_modules')))];
}

const JUNK = /(\.d\.[mc]?ts|\.d\.ts\.map|\.[mc]?js\.map|\.tsbuildinfo|(?<!\.d)\.[mc]?ts)$/;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { packages, named } = trace();
  if (process.argv.includes('--check')) {
    for (const [specifier, file] of [...named].sort()) {
      try {
        await import(pathToFileURL(file).href);
      } catch (error) {
        console.error(`image-prune --check: ${specifier} does not load: ${error.message}`);
        process.exit(1);
      }
    }
    console.log(`image-prune --check: the ${named.size} packages the server and the CLIs name all load`);
  } else {
    let removed = 0;
    for (const pkg of allPackages()) {
      const name = relative(modules, pkg).split(`${sep}node_modules${sep}`).at(-1);
      if (packages.has(pkg) || ALWAYS.some((r) => r.test(name)) || !existsSync(pkg)) continue;
      rmSync(pkg, { recursive: true, force: true });
      removed++;
    }
    for (const file of walkFiles(modules, (n) => JUNK.test(n))) rmSync(file);
    rmSync(join(modules, '.bin'), { recursive: true, force: true });
    console.log(`image-prune: kept ${packages.size} packages, removed ${removed}`);
  }
}
