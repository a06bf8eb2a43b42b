import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BuildFacts } from '../../modules/operations/index.ts';
import pkg from '../../package.json' with { type: 'json' };

/**
 * What the build wrote beside the built server (scripts/build-info.mjs; this file is bundled into dist/server/chunks/).
 * Under `astro dev` and in-process tests there is none: the package's version, commit and build time unknown.
 */
const BUILD_INFO = fileURLToPath(new URL('../build-info.json', import.meta.url));

export function readBuildInfo(imageBuiltAt: string | undefined): BuildFacts {
  let written: { version?: unknown; commit?: unknown; builtAt?: unknown } = {};
  try {
    written = JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as typeof written;
  } catch {
    // Not built (astro dev): the package's version alone.
  }
  const text = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
  return { version: text(written.version) ?? pkg.version, commit: text(written.commit), builtAt: text(written.builtAt), imageBuiltAt: imageBuiltAt ?? null };
}
