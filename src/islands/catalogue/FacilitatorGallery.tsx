import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import PersonPanel from './PersonPanel.tsx';
import Picture from '../shared/Picture.tsx';

export type GalleryPerson = { id: string; name: string; avatar: string; role: string; bio: string };
type Props = { people: GalleryPerson[]; hint: string; closeLabel: string };

/** Facilitators in a row: drag with a mouse, swipe on touch, arrows on a keyboard; a click opens the bio. */
export default function FacilitatorGallery({ people, hint, closeLabel }: Props) {
  const track = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; scroll: number; moved: boolean } | null>(null);
  const [open, setOpen] = useState<GalleryPerson | null>(null);

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || !track.current) return; // touch scrolls natively
    drag.current = { x: e.clientX, scroll: track.current.scrollLeft, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || !track.current) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) > 5) d.moved = true;
    track.current.scrollLeft = d.scroll - dx;
  };
  const endDrag = () => { setTimeout(() => { drag.current = null; }, 0); };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!track.current || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    track.current.scrollBy({ left: e.key === 'ArrowRight' ? 240 : -240 });
  };

  return (
    <div className="gallery">
      <p className="gallery__hint" id="facilitators-hint">{hint}</p>
      <ul className="gallery__track" ref={track} tabIndex={0} aria-describedby="facilitators-hint" data-testid="facilitator-track"
        onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerLeave={endDrag} onKeyDown={onKeyDown}>
        {people.map((p, i) => (
          <li key={p.id} className="gallery__item" style={{ animationDelay: `${i * 40}ms` }}>
            <button type="button" className="person" draggable={false}
              onClick={() => { if (!drag.current?.moved) setOpen(p); }}>
              <Picture src={p.avatar} alt="" width={160} height={160} sizes="160px" draggable={false} loading="lazy" />
              <span className="person__name">{p.name}</span>
              <span className="person__role">{p.role}</span>
            </button>
          </li>
        ))}
      </ul>
      <PersonPanel person={open && { name: open.name, img: open.avatar, role: open.role, text: open.bio }} onClose={() => setOpen(null)} closeLabel={closeLabel} />
    </div>
  );
}
