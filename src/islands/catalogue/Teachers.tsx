import { useState } from 'react';
import PersonPanel from './PersonPanel.tsx';
import Picture from '../shared/Picture.tsx';

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
              <Picture src={t.img} alt="" width={72} height={72} sizes="72px" loading="lazy" />
              <span>{t.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <PersonPanel person={open && { name: open.name, img: open.img, text: open.desc }} onClose={() => setOpen(null)} closeLabel={closeLabel} />
    </>
  );
}
