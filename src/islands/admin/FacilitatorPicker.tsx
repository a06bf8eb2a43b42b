import type { Facilitator } from '../../../modules/catalogue/index.ts';
import { useResource } from './api.ts';
import { FieldError } from './fields.tsx';
import { usePanel } from './messages.ts';
import { Loaded } from './ui.tsx';

type Props = { value: string[]; onChange: (ids: string[]) => void; error?: string };

/** Moves the id at `at` by `by` places (−1 up, +1 down). */
const moved = (ids: string[], at: number, by: -1 | 1) => {
  const next = [...ids];
  [next[at], next[at + by]] = [next[at + by]!, next[at]!];
  return next;
};

/**
 * A product's facilitators (ids, the first leads): the chosen ones first in their order, with up and down, then
 * everyone else to tick. Their names, photos and bios come from the Facilitators tab; nothing is typed here.
 */
export default function FacilitatorPicker({ value, onChange, error }: Props) {
  const { say, lang } = usePanel();
  const [people] = useResource<Facilitator[]>('/api/admin/facilitators');
  const roleOf = (f: Facilitator) => (f.role[lang] ? ` · ${f.role[lang]}` : '');
  return (
    <fieldset>
      <legend>{say('adminPanel.catalogue.facilitators')}</legend>
      <p className="admin-hint">{say('adminPanel.catalogue.facilitatorsHint')}</p>
      {/* The first box takes focus when the server refuses the choice (an unknown or repeated facilitator). */}
      <FieldError id="product-facilitators" error={error} />
      <Loaded resource={people}>{(all) => {
        if (all.length === 0) return <p>{say('adminPanel.catalogue.facilitatorsNone')}</p>;
        const byId = new Map(all.map((f) => [f.id, f]));
        const chosen = value.filter((id) => byId.has(id));
        const rest = all.filter((f) => !chosen.includes(f.id));
        return (
          <ul className="admin-picker">
            {chosen.map((id, at) => {
              const f = byId.get(id)!;
              return (
                <li key={id} className="admin-check">
                  <input id={`product-facilitator-${id}`} type="checkbox" checked aria-invalid={error && at === 0 ? true : undefined} onChange={() => onChange(chosen.filter((x) => x !== id))} />
                  <label htmlFor={`product-facilitator-${id}`}>{f.name}{at === 0 ? ` (${say('adminPanel.catalogue.lead')})` : ''}{roleOf(f)}</label>
                  <button type="button" className="button button--small button--quiet" disabled={at === 0}
                    aria-label={say('adminPanel.facilitators.moveUp', { name: f.name })} onClick={() => onChange(moved(chosen, at, -1))}>↑</button>
                  <button type="button" className="button button--small button--quiet" disabled={at === chosen.length - 1}
                    aria-label={say('adminPanel.facilitators.moveDown', { name: f.name })} onClick={() => onChange(moved(chosen, at, 1))}>↓</button>
                </li>
              );
            })}
            {rest.map((f) => (
              <li key={f.id} className="admin-check">
                <input id={`product-facilitator-${f.id}`} type="checkbox" checked={false} onChange={() => onChange([...chosen, f.id])} />
                <label htmlFor={`product-facilitator-${f.id}`}>{f.name}{roleOf(f)}</label>
              </li>
            ))}
          </ul>
        );
      }}</Loaded>
    </fieldset>
  );
}
