import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Bilingual, Category } from '../../../modules/catalogue/index.ts';
import { request } from './api.ts';
import FacilitatorPicker from './FacilitatorPicker.tsx';
import { BilingualField, CheckField, LanguageHeads, ListField, NumberField, TextField } from './fields.tsx';
import MediaField from './MediaField.tsx';
import { fromWarsawInput, toWarsawInput } from './format.ts';
import { usePanel, type PanelKey } from './messages.ts';
import { CATEGORIES, optional, type Draft } from './product-draft.ts';

type Props = { productKey: string | null; initial: Draft; heading: string; onSaved: () => void; onCancel: () => void };

const both = (): Bilingual => ({ pl: '', en: '' });
/** The editor's own words: the keys under adminPanel.catalogue. */
type Word = PanelKey extends infer K ? (K extends `adminPanel.catalogue.${infer W}` ? W : never) : never;

/**
 * Every field of a product (spec 3), Polish and English side by side. Saves the whole definition: POST for a new
 * product, PUT for an existing one; the server validates and answers with its message on a refusal.
 */
export default function ProductEditor({ productKey, initial, heading, onSaved, onCancel }: Props) {
  const { say } = usePanel();
  const [draft, setDraft] = useState<Draft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => { headingRef.current?.focus(); }, []);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const c = (word: Word) => say(`adminPanel.catalogue.${word}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const reply = productKey === null
      ? await request('POST', '/api/admin/products', draft)
      : await request('PUT', `/api/admin/products/${encodeURIComponent(productKey)}`, draft);
    setBusy(false);
    if (reply.ok) onSaved();
    else setError(reply.message ?? c('saveFailed'));
  }

  return (
    <form className="admin-editor" noValidate onSubmit={submit}>
      <h3 ref={headingRef} tabIndex={-1}>{heading}</h3>
      <fieldset>
        <legend>{c('general')}</legend>
        <LanguageHeads />
        <div className="admin-bilingual">
          <TextField id="product-title-pl" label={`${c('title')} (${c('polish')})`} value={draft.title} onChange={set('title')} />
          <TextField id="product-title-en" label={`${c('title')} (${c('english')})`} value={draft.titleEn} onChange={set('titleEn')} />
        </div>
        <BilingualField id="product-day" label={c('day')} value={draft.day} onChange={set('day')} />
        <BilingualField id="product-duration" label={c('duration')} value={draft.duration} onChange={set('duration')} />
        <div className="admin-grid">
          <div className="field">
            <label htmlFor="product-category">{c('category')}</label>
            <select id="product-category" value={draft.category} onChange={(e) => set('category')(e.target.value as Category)}>
              {CATEGORIES.map((cat) => <option key={cat} value={cat}>{c(cat)}</option>)}
            </select>
          </div>
          <TextField id="product-starts" type="datetime-local" label={c('startsAt')} value={draft.startsAt ? toWarsawInput(draft.startsAt) : ''}
            onChange={(v) => set('startsAt')(fromWarsawInput(v))} />
          <NumberField id="product-group-min" label={c('groupMin')} value={draft.groupSize.min} onChange={(min) => set('groupSize')({ ...draft.groupSize, min })} />
          <NumberField id="product-group-max" label={c('groupMax')} value={draft.groupSize.max} onChange={(max) => set('groupSize')({ ...draft.groupSize, max })} />
        </div>
        <CheckField id="product-online" label={c('isOnline')} checked={draft.isOnline} onChange={set('isOnline')} />
      </fieldset>

      <fieldset>
        <legend>{c('texts')}</legend>
        <LanguageHeads />
        <BilingualField id="product-hero" label={c('heroDesc')} value={draft.heroDesc} onChange={set('heroDesc')} long />
        <BilingualField id="product-sub" label={c('subDesc')} value={draft.subDesc} onChange={set('subDesc')} long />
        <BilingualField id="product-final" label={c('final')} value={draft.final} onChange={set('final')} long />
      </fieldset>

      <ListField id="why" legend={c('whyWatch')} items={draft.whyWatch} onChange={set('whyWatch')} blank={() => ({ title: both(), desc: both() })}
        item={(p, setPoint, at) => (<>
          <BilingualField id={`why-${at}-title`} label={c('pointTitle')} value={p.title} onChange={(title) => setPoint({ ...p, title })} />
          <BilingualField id={`why-${at}-desc`} label={c('pointDesc')} value={p.desc} onChange={(desc) => setPoint({ ...p, desc })} long />
        </>)} />

      <ListField id="details" legend={c('details')} items={draft.details} onChange={set('details')} blank={() => ({ label: both(), value: both() })}
        item={(d, setLine, at) => (<>
          <BilingualField id={`details-${at}-label`} label={c('detailLabel')} value={d.label} onChange={(label) => setLine({ ...d, label })} />
          <BilingualField id={`details-${at}-value`} label={c('detailValue')} value={d.value} onChange={(value) => setLine({ ...d, value })} />
        </>)} />

      <FacilitatorPicker value={draft.facilitators} onChange={set('facilitators')} />

      <fieldset>
        <legend>{c('media')}</legend>
        <div className="admin-grid">
          <MediaField id="product-thumbnail" kind="image" label={c('thumbnail')} value={draft.thumbnail || null} onChange={(v) => set('thumbnail')(v ?? '')} />
          <MediaField id="product-video" kind="video" optional label={c('videoSrc')} value={draft.videoSrc} onChange={set('videoSrc')} />
          <MediaField id="product-certificate" kind="image" optional label={c('certificate')} value={draft.certificate} onChange={set('certificate')} />
        </div>
        <CheckField id="product-recording-available" label={c('recordingAvailable')} checked={draft.recordingAvailable} onChange={set('recordingAvailable')} />
      </fieldset>

      <fieldset>
        <legend>{c('sale')}</legend>
        <p className="admin-hint">{c('prices')}</p>
        <div className="admin-grid">
          {draft.price.map((p, at) => (
            <div key={p.name} className="field-group">
              <NumberField id={`product-price-${p.name}`} label={say('adminPanel.catalogue.price', { currency: p.name })} value={p.price}
                onChange={(price) => set('price')(draft.price.map((x, i) => (i === at ? { ...x, price } : x)) as Draft['price'])} />
              <TextField id={`product-price-id-${p.name}`} label={say('adminPanel.catalogue.priceId', { currency: p.name })} value={p.api}
                onChange={(api) => set('price')(draft.price.map((x, i) => (i === at ? { ...x, api } : x)) as Draft['price'])} />
            </div>
          ))}
        </div>
        <div className="admin-grid">
          <TextField id="product-live" type="url" label={c('liveLink')} value={draft.liveLink ?? ''} onChange={(v) => set('liveLink')(optional(v))} />
          <TextField id="product-recording" label={c('recordingLink')} value={draft.recordingLink ?? ''} onChange={(v) => set('recordingLink')(optional(v))} />
        </div>
        <CheckField id="product-published" label={c('publishedField')} checked={draft.published} onChange={set('published')} />
      </fieldset>

      {error && <p className="status status--error" role="alert">{error}</p>}
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>{busy ? c('saving') : c('save')}</button>
        <button type="button" className="button button--quiet" onClick={onCancel}>{say('adminPanel.cancel')}</button>
      </div>
    </form>
  );
}
