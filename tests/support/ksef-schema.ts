/**
 * KSeF's published files (the API contract open-api.json, the FA(3) and UPO schemas) are not in the repository: they
 * live in ../shared/ksef, beside the clone. A clone elsewhere still loads every test file; the cases that need one of
 * these files are not run, and say which path is missing. CI (`CI` set, as `.ci/run` does) always has ../shared, so
 * there a missing file fails instead of quietly skipping what it should check.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const KSEF_SCHEMA_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'ksef');

const strict = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

export type KsefFile = {
  path: string;
  /** True when the file is absent (never under CI, which throws instead). */
  missing: boolean;
  /** A case's name, marked as not run (the not-run reporter lists it) when the file is absent. */
  name(caseName: string): string;
};

/** One of ../shared/ksef's files; absent, it throws under CI and otherwise marks the cases that need it as not run. */
export function ksefFile(file: string, env: { CI?: string } = process.env): KsefFile {
  const path = join(KSEF_SCHEMA_DIR, file);
  const missing = !existsSync(path);
  if (missing && strict(env.CI)) {
    throw new Error(`${path} is missing: CI must run beside ../shared, whose ksef/ folder holds KSeF's published contract and schemas`);
  }
  return { path, missing, name: (caseName) => (missing ? `${caseName} (not run: ${path} is missing; it comes with ../shared beside the clone)` : caseName) };
}
