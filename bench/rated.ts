// A group of load rows rated against the raw ceiling measured right before and right after it, in the same run.
import type { Ceiling, Load } from './http.ts';
import { record, type Row } from './table.ts';

export type Rate = (what: string, kase: string, connections: number, r: Load) => void;

/**
 * On a shared machine the ceiling moves by the minute: it is measured before and after the group (once, when nothing
 * ran in between), both are shown, and each row is divided by the higher of the two, so no row looks better for
 * having been measured while the ceiling dipped.
 */
export async function rated(ceiling: Ceiling, group: string, tag: string, rows: (rate: Rate) => Promise<void>) {
  const ceilingRows = (when: string, m: Awaited<ReturnType<Ceiling['measure']>>) => {
    Object.entries(m.rates).forEach(([c], i) => record({
      what: 'ceiling: raw node:http hello world', case: `${when} ${group} · ${c} conn${tag}`,
      ...(m.fresh ? m.runs[i]! : { rps: m.rates[Number(c)]! }), result: m.fresh ? '' : 'nothing ran since the last ceiling: the same figure',
    }));
  };
  const before = await ceiling.measure();
  ceilingRows('before', before);
  const measured: { row: Row; connections: number }[] = [];
  await rows((what, kase, connections, r) => measured.push({ row: record({ what, case: `${kase} · ${connections} conn${tag}`, ...r }), connections }));
  const after = await ceiling.measure();
  ceilingRows('after', after);
  for (const { row, connections } of measured) {
    const higher = Math.max(before.rates[connections]!, after.rates[connections]!);
    row.ratio = row.rps! / higher;
  }
}
