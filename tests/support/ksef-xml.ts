/**
 * Every FA(3) XML a test produces is kept on disk, so that CI (`.ci/run`, scripts/check-ksef-xml.mjs) validates each
 * one against the official schema with xmllint: the tests assert the content, the schema the form.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { KSEF_SCHEMA_DIR } from './ksef-schema.ts';

const root = join(import.meta.dirname, '..', '..');
const configured = process.env.KSEF_XML_DIR ?? 'test-output/ksef-xml';
export const KSEF_XML_DIR = isAbsolute(configured) ? configured : join(root, configured);
export const XMLLINT = process.env.XMLLINT_PATH ?? '/usr/bin/xmllint';

/** Writes `xml` as `<name>.xml` (name: letters, digits, dashes) and answers its path. */
export function keepForSchemaCheck(name: string, xml: string): string {
  if (!/^[a-z0-9-]+$/i.test(name)) throw new Error(`not a file name for a kept XML: ${name}`);
  mkdirSync(KSEF_XML_DIR, { recursive: true });
  const path = join(KSEF_XML_DIR, `${name}.xml`);
  writeFileSync(path, xml, 'utf8');
  return path;
}

/** xmllint's verdict on `paths` against the FA(3) schema, offline (the catalog maps its imports to local files). */
export function validateAgainstFa3(paths: string[]): { ok: boolean; output: string } {
  const r = spawnSync(XMLLINT, ['--noout', '--nonet', '--schema', 'schemat_FA(3)_v1-0E.xsd', ...paths], {
    cwd: KSEF_SCHEMA_DIR, encoding: 'utf8', env: { ...process.env, XML_CATALOG_FILES: 'catalog.xml' },
  });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

export const hasXmllint = (): boolean => existsSync(XMLLINT);
