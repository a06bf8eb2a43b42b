/** How fast an upload goes and how long it has left, from what was sent over the last few seconds. */
export type Sample = { at: number; sent: number };

/** Samples older than this are forgotten: the estimate follows the connection as it is now. */
const WINDOW_MS = 15_000;

export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  return [...samples.filter((s) => sample.at - s.at <= WINDOW_MS), sample];
}

/** Seconds left for `total` bytes at the recent speed; null until two samples a second apart show progress. */
export function secondsLeft(samples: readonly Sample[], total: number): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 1000 || last.sent <= first.sent) return null;
  const perMs = (last.sent - first.sent) / (last.at - first.at);
  return Math.max(0, Math.ceil((total - last.sent) / perMs / 1000));
}

/** "1:05:09", "4:07", "0:09": hours only when there are some. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Bytes in the admin's language: "1,5 GB" / "1.5 GB". */
export function bytes(n: number, lang: 'pl' | 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
