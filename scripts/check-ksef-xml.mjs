// Validates every FA(3) XML the tests kept (test-output/ksef-xml, or KSEF_XML_DIR) against the official schema in
// ../shared/ksef/ with xmllint, offline. Fails when any file is invalid, and when there is none: a suite that made no
// XML has checked nothing. Run after the tests: `node scripts/check-ksef-xml.mjs`; `.ci/run` does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const configured = process.env.KSEF_XML_DIR ?? 'test-output/ksef-xml';
const dir = isAbsolute(configured) ? configured : join(root, configured);
const schemaDir = join(root, '..', 'shared', 'ksef');
const xmllint = process.env.XMLLINT_PATH ?? '/usr/bin/xmllint';

function fail(message) {
  console.error(`✖ FA(3) schema check: ${message}`);
  process.exit(1);
}

if (!existsSync(xmllint)) fail(`${xmllint} is missing: install Debian's libxml2-utils (node scripts/ensure-packages.mjs).`);
if (!existsSync(join(schemaDir, 'schemat_FA(3)_v1-0E.xsd'))) fail(`no FA(3) schema in ${schemaDir}.`);
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => join(dir, f)) : [];
if (files.length === 0) fail(`no XML in ${dir}: run the tests first (they keep every FA(3) XML they make there).`);

const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', 'schemat_FA(3)_v1-0E.xsd', ...files], {
  cwd: schemaDir, encoding: 'utf8', env: { ...process.env, XML_CATALOG_FILES: 'catalog.xml' },
});
if (r.error) fail(r.error.message);
const invalid = r.stderr.split('\n').filter((l) => l.endsWith(' fails to validate'));
if (r.status !== 0 || invalid.length > 0) {
  process.stderr.write(r.stderr);
  fail(`${invalid.length || 'some'} of ${files.length} files do not pass the schema.`);
}
console.log(`FA(3) schema check: all ${files.length} files in ${dir} validate.`);
