import { useEffect, useState } from 'react';
import { countdownParts } from './countdown.ts';

type Props = {
  /** The event's real start, an ISO instant. */
  startsAt: string;
  /** The server's clock when it rendered the page: the first client render must match that HTML. */
  renderedAt: string;
  labels: { startsIn: string; days: string; hours: string; minutes: string; seconds: string };
};

/** Days, hours, minutes and seconds to the start, ticking every second, zeroes once past. */
export default function Countdown({ startsAt, renderedAt, labels }: Props) {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(startsAt, now);
  const cells: [keyof typeof parts, string][] = [['days', labels.days], ['hours', labels.hours], ['minutes', labels.minutes], ['seconds', labels.seconds]];
  return (
    <div className="countdown" role="timer" aria-label={labels.startsIn}>
      <p className="countdown-title">{labels.startsIn}</p>
      <ol className="countdown-cells">
        {cells.map(([unit, label]) => (
          <li key={unit} data-unit={unit}>
            <span className="countdown-value">{String(parts[unit]).padStart(2, '0')}</span>
            <span className="countdown-label">{label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
