import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Bilingual, Category } from '../../../modules/catalogue/index.ts';
import { request } from './api.ts';
import FacilitatorPicker from './FacilitatorPicker.tsx';
import { BilingualField, CheckField, FieldError, LanguageHeads, ListField, NumberField, TextField } from './fields.tsx';
import MediaField from './MediaField.tsx';
import MoneyField from './MoneyField.tsx';
import { usePanel, type PanelKey } from './messages.ts';
import { CATEGORIES, issueAt, issuesOf, issuesStanding, optional, type Draft, type FieldIssues } from './product-draft.ts';
import RecordingUpload from './RecordingUpload.tsx';
import ScheduleFields from './ScheduleFields.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = { productKey: string | null; initial: Draft; heading: string; onSaved: () => void; onCancel: () => void };

const both = (): Bilingual => ({ pl: '', en: '' });
/** The editor's own words: the keys under adminPanel.catalogue. */
type Word = PanelKey extends infer K ? (K extends `adminPanel.catalogue.${infer W}` ? W : never) : never;

/**
 * Every field of a product (spec 3), Polish and English side by side. Saves the whole definition: POST for a new
 * product, PUT for an existing one. The server decides what is valid: on a refusal its message stays at the end
 * and each field it names shows its own message beside it, focus moving to the first such field.
 */
export default function ProductEditor({ productKey, initial, heading, onSaved, onCancel }: Props) {
  const hydrated = useHydrated();
  const { say, lang } = usePanel();
  const [draft, setDraft] = useState<Draft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The last refusal: its issues and the draft it refused, so that a field edited since shows its message no more.
  const [refusal, setRefusal] = useState<{ issues: FieldIssues; sent: Draft }>({ issues: {}, sent: initial });
  const issues = useMemo(() => issuesStanding(refusal.issues, refusal.sent, draft), [refusal, draft]);
  // The closing message of a refusal about fields goes too once every one of them is edited.
  const allCorrected = Object.keys(refusal.issues).length > 0 && Object.keys(issues).length === 0;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => { headingRef.current?.focus(); }, []);
  // After a refusal, the first field marked invalid (in the form's order) takes focus.
  useEffect(() => { formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(); }, [refusal]);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const c = (word: Word) => say(`adminPanel.catalogue.${word}`);
  const at = (path: string) => issueAt(issues, path);
  const inBoth = (path: string) => ({ pl: at(`${path}.pl`), en: at(`${path}.en`) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const reply = productKey === null
      ? await request('POST', '/api/admin/products', draft)
      : await request('PUT', `/api/admin/products/${encodeURIComponent(productKey)}`, draft);
    setBusy(false);
    if (reply.ok) { onSaved(); return; }
    const found = issuesOf(reply.body);
    setError(Object.keys(found).length > 1 ? c('fixFields') : reply.message ?? c('saveFailed'));
    setRefusal({ issues: found, sent: draft });
  }

  return (
    <form className="admin-editor" noValidate onSubmit={submit} ref={formRef}>
      <h3 ref={headingRef} tabIndex={-1}>{heading}</h3>
      <fieldset>
        <legend>{c('general')}</legend>
        <LanguageHeads />
        <div className="admin-bilingual">
          <TextField id="product-title-pl" label={`${c('title')} (${c('polish')})`} value={draft.title} onChange={set('title')} error={at('title')} />
          <TextField id="product-title-en" label={`${c('title')} (${c('english')})`} value={draft.titleEn} onChange={set('titleEn')} error={at('titleEn')} />
        </div>
        <div className="admin-grid">
          <div className="field">
            <label htmlFor="product-category">{c('category')}</label>
            <select id="product-category" value={draft.category} onChange={(e) => set('category')(e.target.value as Category)}
              {...(at('category') ? { 'aria-invalid': true, 'aria-describedby': 'product-category-error' } : {})}>
              {CATEGORIES.map((cat) => <option key={cat} value={cat}>{c(cat)}</option>)}
            </select>
            <FieldError id="product-category" error={at('category')} />
          </div>
          <NumberField id="product-group-min" label={c('groupMin')} value={draft.groupSize.min} error={at('groupSize.min')}
            onChange={(min) => set('groupSize')({ ...draft.groupSize, min })} />
          <NumberField id="product-group-max" label={c('groupMax')} value={draft.groupSize.max} error={at('groupSize.max')}
            onChange={(max) => set('groupSize')({ ...draft.groupSize, max })} />
        </div>
        <ScheduleFields draft={draft} set={set} issues={issues} />
        {/* A live event's start in the past is refused unless meant (issue 34); the refusal of the start shows here. */}
        <CheckField id="product-confirm-past-start" label={c('confirmPastStart')} checked={draft.confirmPastStart === true}
          onChange={set('confirmPastStart')} error={at('startsAt')} />
        <CheckField id="product-online" label={c('isOnline')} checked={draft.isOnline} onChange={set('isOnline')} />
      </fieldset>

      <fieldset>
        <legend>{c('texts')}</legend>
        <LanguageHeads />
        <BilingualField id="product-hero" label={c('heroDesc')} value={draft.heroDesc} onChange={set('heroDesc')} long errors={inBoth('heroDesc')} />
        <BilingualField id="product-sub" label={c('subDesc')} value={draft.subDesc} onChange={set('subDesc')} long errors={inBoth('subDesc')} />
        <BilingualField id="product-final" label={c('final')} value={draft.final} onChange={set('final')} long errors={inBoth('final')} />
      </fieldset>

      <ListField id="why" legend={c('whyWatch')} items={draft.whyWatch} onChange={set('whyWatch')} blank={() => ({ title: both(), desc: both() })}
        item={(p, setPoint, n) => (<>
          <BilingualField id={`why-${n}-title`} label={c('pointTitle')} value={p.title} onChange={(title) => setPoint({ ...p, title })} errors={inBoth(`whyWatch.${n}.title`)} />
          <BilingualField id={`why-${n}-desc`} label={c('pointDesc')} value={p.desc} onChange={(desc) => setPoint({ ...p, desc })} long errors={inBoth(`whyWatch.${n}.desc`)} />
        </>)} />

      <ListField id="details" legend={c('extraDetails')} items={draft.details} onChange={set('details')} blank={() => ({ label: both(), value: both() })}
        item={(d, setLine, n) => (<>
          <BilingualField id={`details-${n}-label`} label={c('detailLabel')} value={d.label} onChange={(label) => setLine({ ...d, label })} errors={inBoth(`details.${n}.label`)} />
          <BilingualField id={`details-${n}-value`} label={c('detailValue')} value={d.value} onChange={(value) => setLine({ ...d, value })} errors={inBoth(`details.${n}.value`)} />
        </>)} />

      <FacilitatorPicker value={draft.facilitators} onChange={set('facilitators')} error={at('facilitators')} />

      <fieldset>
        <legend>{c('media')}</legend>
        <div className="admin-grid">
          <MediaField id="product-thumbnail" kind="image" label={c('thumbnail')} value={draft.thumbnail || null} onChange={(v) => set('thumbnail')(v ?? '')} error={at('thumbnail')} />
          <MediaField id="product-video" kind="video" optional label={c('videoSrc')} value={draft.videoSrc} onChange={set('videoSrc')} error={at('videoSrc')} />
          <MediaField id="product-certificate" kind="image" optional label={c('certificate')} value={draft.certificate} onChange={set('certificate')} error={at('certificate')} />
        </div>
        <CheckField id="product-recording-available" label={c('recordingAvailable')} checked={draft.recordingAvailable} onChange={set('recordingAvailable')} />
        {productKey !== null && <RecordingUpload productKey={productKey} />}
      </fieldset>

      <fieldset>
        <legend>{c('sale')}</legend>
        <p className="admin-hint">{c('prices')}</p>
        <div className="admin-grid">
          {draft.price.map((p, i) => (
            <div key={p.name} className="field-group">
              <MoneyField id={`product-price-${p.name}`} label={say('adminPanel.catalogue.price', { currency: p.name })} lang={lang} value={p.priceMinor} error={at(`price.${i}.priceMinor`)}
                onChange={(priceMinor) => set('price')(draft.price.map((x, j) => (j === i ? { ...x, priceMinor } : x)) as Draft['price'])} />
            </div>
          ))}
        </div>
        <div className="admin-grid">
          <TextField id="product-live" type="url" label={c('liveLink')} value={draft.liveLink ?? ''} onChange={(v) => set('liveLink')(optional(v))} error={at('liveLink')} />
          <TextField id="product-recording" label={c('recordingLink')} value={draft.recordingLink ?? ''} onChange={(v) => set('recordingLink')(optional(v))} error={at('recordingLink')} />
        </div>
        <CheckField id="product-published" label={c('publishedField')} checked={draft.published} onChange={set('published')} />
      </fieldset>

      {error && !allCorrected && <p className="status status--error" role="alert">{error}</p>}
      <div className="admin-actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>{busy ? c('saving') : c('save')}</button>
        <button type="button" className="button button--quiet" onClick={onCancel}>{say('adminPanel.cancel')}</button>
      </div>
    </form>
  );
}
