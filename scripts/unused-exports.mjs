// `node scripts/unused-exports.mjs`: exported names of src/, modules/, scripts/ and bench/ that no other file names,
// a quick check for dead code and for `export`s nobody needs. Name matching, not type resolution: a name used
// elsewhere for something else hides a candidate, so read each line before acting on it. Pages are left out
// (Astro imports their exports).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(join(root, dir))) {
    const path = `${dir}/${entry}`;
    if (statSync(join(root, path)).isDirectory()) walk(path);
    else if (/\.(ts|tsx|mjs|astro)$/.test(entry)) files.push(path);
  }
};
['src', 'modules', 'scripts', 'bench', 'tests', 'migrations'].forEach(walk);
files.push('astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts');
const text = Object.fromEntries(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

const exported = [];
for (const f of files) {
  if (!/^(src|modules|scripts|bench)\//.test(f) || f.startsWith('src/pages/')) continue;
  for (const m of text[f].matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm)) exported.push([f, m[1]]);
  for (const m of text[f].matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.replace(/^type\s+/, '');
      if (name) exported.push([f, name]);
    }
  }
}

const lines = [];
for (const [f, name] of exported) {
  const word = new RegExp(`\\b${name.replace('$', '\\$')}\\b`);
  const users = files.filter((g) => g !== f && word.test(text[g]));
  // A door that only re-exports the name does not use it.
  const reexports = (g) => g.endsWith('index.ts') && new RegExp(`export[^;]*\\b${name}\\b[^;]*from`).test(text[g]);
  const real = users.filter((g) => !reexports(g));
  if (real.some((g) => !g.startsWith('tests/'))) continue;
  const kind = real.length > 0 ? 'only tests use it' : users.length > 0 ? 'only re-exported' : 'nobody else names it';
  lines.push(`${f}\t${name}\t${kind}`);
}
console.log(lines.sort().join('\n'));
