import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';

/**
 * Every .ics the tests produce is read as two independent calendar programs read it: libical (Debian's libical-dev,
 * installed by scripts/ensure-packages.mjs; its iTIP restriction check for the METHOD) and ical.js.
 */

export type CheckedEvent = { uid: string; sequence: number; status: string; start: Date; end: Date };

let checker: { binary: string; dir: string } | null = null;
let files = 0;

/** tests/support/ical-check.c, compiled once per test process into a temporary directory. */
function compiledChecker() {
  if (checker) return checker;
  const dir = mkdtempSync(join(tmpdir(), 'ical-check-'));
  const binary = join(dir, 'ical-check');
  const flags = spawnSync('pkg-config', ['--cflags', '--libs', 'libical'], { encoding: 'utf8' });
  const libical = flags.status === 0 ? flags.stdout.trim().split(/\s+/) : ['-lical'];
  const source = new URL('./ical-check.c', import.meta.url).pathname;
  try {
    execFileSync(process.env['CC'] ?? 'cc', ['-O1', '-o', binary, source, ...libical], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`cannot build the libical checker (install libical-dev and a C compiler: node scripts/ensure-packages.mjs):\n${stderr}`);
  }
  checker = { binary, dir };
  return checker;
}

/** libical's reading: throws with its X-LIC-ERROR lines unless the file parses and passes the iTIP restrictions. */
export function libicalCheck(ics: string): CheckedEvent[] {
  const { binary, dir } = compiledChecker();
  const file = join(dir, `${++files}.ics`);
  writeFileSync(file, ics);
  const run = spawnSync(binary, [file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`libical refuses the calendar (exit ${run.status}):\n${run.stderr}\n--- file ---\n${ics}`);
  return run.stdout.trim().split('\n').filter(Boolean).map((line) => {
    const [uid, sequence, status, start, end] = line.split(' ') as [string, string, string, string, string];
    return { uid, sequence: Number(sequence), status, start: new Date(Number(start) * 1000), end: new Date(Number(end) * 1000) };
  });
}

/** ical.js's reading, times resolved through the file's own VTIMEZONE. */
export function icalJsRead(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((c) => {
      const e = new ICAL.Event(c);
      return {
        uid: e.uid, sequence: e.sequence, status: String(c.getFirstPropertyValue('status')),
        start: e.startDate.toJSDate(), end: e.endDate.toJSDate(), summary: e.summary, description: e.description,
        location: e.location, url: c.getFirstPropertyValue('url') as string | null,
        organizer: String(c.getFirstPropertyValue('organizer')),
        attendee: c.getFirstProperty('attendee'),
      };
    }),
  };
}

/** Both readings, which must agree on every event's UID, SEQUENCE, STATUS and instants; returns ical.js's. */
export function checkCalendar(ics: string) {
  const fromLibical = libicalCheck(ics);
  const read = icalJsRead(ics);
  const brief = (e: CheckedEvent) => ({ uid: e.uid, sequence: e.sequence, status: e.status, start: e.start.toISOString(), end: e.end.toISOString() });
  const a = JSON.stringify(fromLibical.map(brief));
  const b = JSON.stringify(read.events.map((e) => brief(e as CheckedEvent)));
  if (a !== b) throw new Error(`libical and ical.js read the calendar differently:\n${a}\n${b}`);
  return read;
}
