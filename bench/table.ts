/** One line of the benchmark table; empty cells stay empty. */
export type Row = {
  what: string;
  case: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  /** Requests per second as a share of the raw node:http ceiling: the higher of those measured right before and after. */
  ratio?: number;
  result?: string;
};

const rows: Row[] = [];

export function record(row: Row): Row {
  rows.push(row);
  // Progress as it goes: a long run shows what it is doing, and a cut-off run still shows its figures.
  console.error(`  ${row.what} · ${row.case}${row.rps === undefined ? '' : ` · ${Math.round(row.rps)} req/s`}${row.p99 === undefined ? '' : ` · p99 ${fmtMs(row.p99)}`}${row.result ? ` · ${row.result}` : ''}`);
  return row;
}

const fmtMs = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

/** The whole run as one Markdown table (pasteable into the README). */
export function printTable() {
  const header = ['what', 'case', 'req/s', 'p50', 'p99', 'errors', 'of ceiling', 'result'];
  const lines = rows.map((r) => [
    r.what, r.case,
    r.rps === undefined ? '' : fmtInt(r.rps),
    r.p50 === undefined ? '' : fmtMs(r.p50),
    r.p99 === undefined ? '' : fmtMs(r.p99),
    r.errors === undefined ? '' : String(r.errors),
    r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(1)}%`,
    r.result ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(line(l));
}
