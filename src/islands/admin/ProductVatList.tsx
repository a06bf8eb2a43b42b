import { useState, type FormEvent } from 'react';
import type { AdminProduct } from '../../../modules/catalogue/index.ts';
import type { VatTreatment } from '../../../modules/invoicing/index.ts';
import { request, useResource } from './api.ts';
import { formatDate } from './format.ts';
import { usePanel } from './messages.ts';
import { issueAt, issuesOf, type FieldIssues } from './product-draft.ts';
import { Loaded, NoteLine, type Note } from './ui.tsx';
import VatChoice, { useVatLabel } from './VatChoice.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

type Treatments = { products: Record<string, VatTreatment | null>; default: VatTreatment };

/**
 * Each product's name in the list, for its form and its Save button: its title and date, and its key as well where
 * two share both. Editions of one training share a title, and forms of one name fail axe's landmark-unique.
 */
function namesOf(list: readonly AdminProduct[], lang: 'pl' | 'en'): string[] {
  const named = list.map((p) => `${lang === 'en' ? p.titleEn : p.title}, ${formatDate(p.startsAt, lang)}`);
  return named.map((n, i) => (named.indexOf(n) === named.lastIndexOf(n) ? n : `${n}, ${list[i]!.key}`));
}

/** One product's VAT, saved on its own: its rate, an exemption with its basis, or the seller's default. */
function ProductVat({ product, name, own, fallback }: { product: AdminProduct; name: string; own: VatTreatment | null; fallback: VatTreatment }) {
  const hydrated = useHydrated();
  const { say, lang } = usePanel();
  const label = useVatLabel();
  const title = lang === 'en' ? product.titleEn : product.title;
  const [value, setValue] = useState(own);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [issues, setIssues] = useState<FieldIssues>({});
  const id = `vat-${product.key}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const reply = await request('PUT', `/api/admin/invoicing/vat/${encodeURIComponent(product.key)}`, { treatment: value });
    setBusy(false);
    const found = reply.ok ? {} : issuesOf(reply.body);
    setIssues(found);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.invoicing.savedNamed', { title }) }
      : { kind: 'error', text: reply.message ?? say('adminPanel.invoicing.saveFailed') });
  }

  return (
    <li className="admin-card">
      <form className="admin-form" noValidate onSubmit={submit} aria-label={say('adminPanel.invoicing.vatOf', { title: name })}>
        <h3>{title}</h3>
        <p className="admin-hint">{formatDate(product.startsAt, lang)}</p>
        <VatChoice id={id} label={say('adminPanel.invoicing.vat')} value={value} onChange={setValue}
          defaultLabel={say('adminPanel.invoicing.useDefault', { treatment: label(fallback) })}
          error={issueAt(issues, 'treatment.kind') ?? issueAt(issues, 'treatment.rate')} basisError={issueAt(issues, 'treatment.basis')} />
        <NoteLine note={note} />
        <div className="admin-actions">
          <button type="submit" className="button button--small" disabled={!hydrated || busy} aria-label={say('adminPanel.invoicing.saveNamed', { title: name })}>
            {busy ? say('adminPanel.invoicing.saving') : say('adminPanel.invoicing.save')}
          </button>
        </div>
      </form>
    </li>
  );
}

function ProductVats({ list, vat, version, lang }: { list: AdminProduct[]; vat: Treatments; version: number; lang: 'pl' | 'en' }) {
  const names = namesOf(list, lang);
  return (
    <ul className="admin-articles">
      {list.map((p, i) => <ProductVat key={`${p.key}-${version}`} product={p} name={names[i]!} own={vat.products[p.key] ?? null} fallback={vat.default} />)}
    </ul>
  );
}

/** Every product with its VAT treatment; `version` changes when the seller's default may have. */
export default function ProductVatList({ version }: { version: number }) {
  const { say, lang } = usePanel();
  const [products] = useResource<AdminProduct[]>('/api/admin/products');
  const [treatments] = useResource<Treatments>(`/api/admin/invoicing/vat?v=${version}`);
  return (
    <section aria-labelledby="invoicing-products">
      <h3 id="invoicing-products">{say('adminPanel.invoicing.products')}</h3>
      <p className="admin-hint">{say('adminPanel.invoicing.productsHint')}</p>
      <Loaded resource={products}>{(list) => (
        <Loaded resource={treatments}>{(vat) => (list.length === 0 ? <p>{say('adminPanel.invoicing.noProducts')}</p> : (
          <ProductVats list={list} vat={vat} version={version} lang={lang} />
        ))}</Loaded>
      )}</Loaded>
    </section>
  );
}
