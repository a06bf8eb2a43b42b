// The tests drive real programs from Debian's packages: Chromium for the browser tests, Caddy as the
// TLS-terminating reverse proxy in front of the production build, xmllint to check the FA(3) XML against KSeF's
// schema, libical (its headers, and a C compiler for tests/support/ical-check.c) to check every calendar invitation.
// Each is found by a file it installs. Install them when we may (root with apt), else say how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const PDFTOPPM = process.env.PDFTOPPM_PATH ?? '/usr/bin/pdftoppm';
const XMLLINT = process.env.XMLLINT_PATH ?? '/usr/bin/xmllint';
const LIBICAL_HEADER = '/usr/include/libical/ical.h';
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** A C compiler on the PATH (`cc`, or the one CC names): the libical checker is compiled by the test support. */
const hasCompiler = () => spawnSync('sh', ['-c', `command -v ${process.env.CC ?? 'cc'}`], { stdio: 'ignore' }).status === 0;

const NEEDED = [
  { binary: CHROMIUM, pkg: 'chromium', variable: 'CHROMIUM_PATH' },
  { binary: CADDY, pkg: 'caddy', variable: 'CADDY_PATH' },
  // Renders invoice PDFs as a viewer does, so the tests scan their QR codes from the page (tests/support/pdf.ts).
  { binary: PDFTOPPM, pkg: 'poppler-utils', variable: 'PDFTOPPM_PATH' },
  { binary: XMLLINT, pkg: 'libxml2-utils', variable: 'XMLLINT_PATH' },
  { binary: LIBICAL_HEADER, pkg: 'libical-dev', variable: null },
  { binary: 'cc', present: hasCompiler, pkg: 'gcc', variable: 'CC' },
  // gcc only recommends the C library's headers, and recommendations are not installed here.
  { binary: '/usr/include/stdio.h', pkg: 'libc6-dev', variable: null },
  // Probes uploaded recordings and turns them into the HLS ladder (ffprobe comes with it).
  { binary: FFMPEG, pkg: 'ffmpeg', variable: 'FFMPEG_PATH' },
  // The image check (scripts/image-check.sh, after the tests): podman with runc builds and runs the Dockerfile,
  // mmdebstrap makes its base image, strip (binutils) slims the Node binary in it, psql makes its databases.
  { binary: '/usr/bin/podman', pkg: 'podman', variable: null, image: true },
  { binary: '/usr/sbin/runc', pkg: 'runc', variable: null, image: true },
  { binary: '/usr/bin/mmdebstrap', pkg: 'mmdebstrap', variable: null, image: true },
  { binary: '/usr/bin/strip', pkg: 'binutils', variable: null, image: true },
  { binary: '/usr/bin/psql', pkg: 'postgresql-client', variable: null, image: true },
];

/** What the module tests need (the calendar checker, poppler for the invoices' QR codes); the API and browser lanes need everything. */
export const MODULE_TEST_PACKAGES = ['libical-dev', 'gcc', 'libc6-dev', 'poppler-utils', 'ffmpeg'];

/** What `node scripts/ensure-packages.mjs image` installs: the image check's tools, never needed by the tests. */
export const IMAGE_PACKAGES = NEEDED.filter((n) => n.image).map((n) => n.pkg);

export function ensurePackages(only = NEEDED.filter((n) => !n.image).map((n) => n.pkg)) {
  const missing = NEEDED.filter((n) => only.includes(n.pkg) && !(n.present ? n.present() : existsSync(n.binary)));
  if (missing.length === 0) return;
  const packages = missing.map((m) => m.pkg);
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`Missing ${missing.map((m) => m.binary).join(' and ')}. Install Debian's packages first:\n`
      + `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`
      + (missing.some((m) => m.variable) ? `(or set ${missing.flatMap((m) => m.variable ?? []).join(' / ')} to the binaries).` : ''));
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${packages.join(', ')}…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  // podman's recommendations are its network and process helpers (netavark, catatonit…): taken with it.
  const recommends = packages.includes('podman') ? [] : ['--no-install-recommends'];
  execFileSync('apt-get', ['install', '-y', '-qq', ...recommends, ...packages], {
    stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePackages(process.argv[2] === 'image' ? IMAGE_PACKAGES : undefined);
