/** Warsaw wall-clock helpers the catalogue's facts, sessions and schedule rules share (no product types: no cycle). */
import { toWarsawInput, warsawDaysFrom } from '../shared/text/index.ts';

/** 'HH:MM' on Warsaw's clock at an instant. */
export const warsawClock = (instant: string | Date): string => toWarsawInput(new Date(instant).toISOString()).slice(11, 16);

/** The instant of a Warsaw wall-clock time ('HH:MM') on the Warsaw day of `startsAt` plus `days`. */
export function onDayOf(startsAt: string, days: number, clock: string): Date {
  const [hh, mm] = clock.split(':').map(Number) as [number, number];
  return warsawDaysFrom(new Date(startsAt), days, hh, mm);
}
