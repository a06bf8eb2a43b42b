import { useState } from 'react';
import Dialog from '../shared/Dialog.tsx';
import Picture from '../shared/Picture.tsx';

export type UpcomingItem = { key: string | null; title: string; dayLine: string; desc: string; thumbnail: string; href: string | null };
type Props = { items: UpcomingItem[]; learnMore: string; closeLabel: string };

/** Upcoming events; a card opens the detail overlay with title, description and, for keyed events, Learn more. */
export default function ComingSoon({ items, learnMore, closeLabel }: Props) {
  const [open, setOpen] = useState<UpcomingItem | null>(null);
  return (
    <>
      <ul className="coming-soon">
        {items.map((item, i) => (
          <li key={item.key ?? i} style={{ animationDelay: `${i * 40}ms` }}>
            <button type="button" className="soon-card" onClick={() => setOpen(item)}>
              <Picture src={item.thumbnail} alt="" width={480} height={270} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 80vw" loading="lazy" />
              <span className="soon-card__title">{item.title}</span>
              <span className="soon-card__day">{item.dayLine}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onClose={() => setOpen(null)} label={open?.title ?? ''} closeLabel={closeLabel} className="overlay">
        {open && (
          <div className="overlay__body">
            <h3>{open.title}</h3>
            <p className="overlay__day">{open.dayLine}</p>
            <p>{open.desc}</p>
            {open.key && open.href && <a className="button" href={open.href}>{learnMore}</a>}
          </div>
        )}
      </Dialog>
    </>
  );
}
