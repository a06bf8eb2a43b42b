import Dialog from '../shared/Dialog.tsx';
import Picture from '../shared/Picture.tsx';

export type PersonCard = { name: string; img: string; role?: string; text: string };

/** The detail card of a facilitator or teacher: image, name, optional role and the bio in the chosen language. */
export default function PersonPanel({ person, onClose, closeLabel }: { person: PersonCard | null; onClose: () => void; closeLabel: string }) {
  return (
    <Dialog open={person !== null} onClose={onClose} label={person?.name ?? ''} closeLabel={closeLabel} className="person-panel">
      {person && (
        <div className="person-panel__body">
          <Picture src={person.img} alt="" width={120} height={120} sizes="120px" />
          <h3>{person.name}</h3>
          {person.role && <p className="person__role">{person.role}</p>}
          <p>{person.text}</p>
        </div>
      )}
    </Dialog>
  );
}
