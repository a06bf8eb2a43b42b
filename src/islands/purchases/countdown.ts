export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Time left until an instant, in whole units; all zero once it has passed. */
export function countdownParts(target: Date, now: Date): CountdownParts {
  const left = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}
