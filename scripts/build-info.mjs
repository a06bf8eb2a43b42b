// Writes dist/server/build-info.json at the end of every `astro build` (the integration in astro.config.mjs): the
// package's version, the commit it was built from and when, for the admin's system page (issue 35). The commit is
// SOURCE_COMMIT when set (a Docker build has no .git: `--build-arg SOURCE_COMMIT=$(git rev-parse HEAD)`), else git's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_INFO = join(root, 'dist', 'server', 'build-info.json');

/** The commit: SOURCE_COMMIT, or `git rev-parse HEAD` in the project, or null (neither there). */
export function sourceCommit(env = process.env, cwd = root) {
  const given = env.SOURCE_COMMIT?.trim();
  if (given) return given;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

export function writeBuildInfo(target = BUILD_INFO, { env = process.env, now = new Date() } = {}) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const info = { version, commit: sourceCommit(env), builtAt: now.toISOString() };
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`Build info: ${JSON.stringify(writeBuildInfo())}`);
