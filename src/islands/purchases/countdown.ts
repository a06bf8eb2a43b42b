type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Time left until the event's start, given as the catalogue gives it (an ISO 8601 instant, `Product.startsAt`),
 * in whole units; all zero once it has passed. A start that is not an instant counts as passed (zeroes), never NaN.
 */
export function countdownParts(startsAt: string, now: Date): CountdownParts {
  // Only an instant with its zone: the engine would read a display date ("03.04.2026") month first.
  const target = INSTANT.test(startsAt) ? Date.parse(startsAt) : Number.NaN;
  const left = Number.isNaN(target) ? 0 : Math.max(0, Math.floor((target - now.getTime()) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}
