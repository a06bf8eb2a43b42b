import { useState } from 'react';
import Dialog from './Dialog.tsx';

type Teacher = { img: string; name: string; desc: string };

/** Teachers of a product; tapping one opens a card with image, name and description in the chosen language. */
export default function Teachers({ teachers, closeLabel }: { teachers: Teacher[]; closeLabel: string }) {
  const [open, setOpen] = useState<Teacher | null>(null);
  return (
    <>
      <ul className="teachers">
        {teachers.map((t) => (
          <li key={t.name}>
            <button type="button" className="teacher" onClick={() => setOpen(t)}>
              <img src={t.img} alt="" width={72} height={72} loading="lazy" />
              <span>{t.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onClose={() => setOpen(null)} label={open?.name ?? ''} closeLabel={closeLabel} className="person-panel">
        {open && (
          <div className="person-panel__body">
            <img src={open.img} alt="" width={120} height={120} />
            <h3>{open.name}</h3>
            <p>{open.desc}</p>
          </div>
        )}
      </Dialog>
    </>
  );
}
