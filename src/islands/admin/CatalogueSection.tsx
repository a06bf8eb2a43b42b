import { useState } from 'react';
import { request, useResource } from './api.ts';
import EditionDialog from './EditionDialog.tsx';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { draftOf, emptyDraft } from './product-draft.ts';
import ProductEditor from './ProductEditor.tsx';
import { TableBox } from './TableBox.tsx';
import { Loaded, NoteLine, type Note } from './ui.tsx';
import { titleIn, type AdminProduct } from './types.ts';

type Editing = { product: AdminProduct | null } | null;

/** The catalogue: every product, published or not, with edit, a new edition, publish/unpublish and a preview of its public page. */
export default function CatalogueSection() {
  const { say, lang } = usePanel();
  const [products, reload] = useResource<AdminProduct[]>('/api/admin/products');
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState<Note>(null);
  const [copying, setCopying] = useState<AdminProduct | null>(null);

  async function toggle(product: AdminProduct) {
    const reply = await request('PUT', `/api/admin/products/${encodeURIComponent(product.key)}`, { ...draftOf(product), published: !product.published });
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.catalogue.saved') } : { kind: 'error', text: reply.message ?? say('adminPanel.catalogue.saveFailed') });
    reload();
  }

  if (editing) {
    const { product } = editing;
    return (
      <ProductEditor productKey={product?.key ?? null} initial={product ? draftOf(product) : emptyDraft()}
        heading={product ? say('adminPanel.catalogue.editNamed', { title: titleIn(product, lang) }) : say('adminPanel.catalogue.new')}
        onCancel={() => setEditing(null)}
        onSaved={() => { setEditing(null); setNote({ kind: 'ok', text: say('adminPanel.catalogue.saved') }); reload(); }} />
    );
  }

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button" onClick={() => { setNote(null); setEditing({ product: null }); }}>{say('adminPanel.catalogue.new')}</button>
      </div>
      <NoteLine note={note} />
      {copying && <EditionDialog productKey={copying.key} title={titleIn(copying, lang)} onClose={() => setCopying(null)}
        onDone={() => { setCopying(null); setNote({ kind: 'ok', text: say('adminPanel.catalogue.duplicated'), focus: true }); reload(); }} />}
      <Loaded resource={products}>{(list) => (
        <TableBox label={say('adminPanel.tab.catalogue')}>
          <table className="admin-table admin-table--stack">
            <thead><tr>
              <th scope="col">{say('adminPanel.catalogue.title')}</th><th scope="col">{say('adminPanel.catalogue.category')}</th>
              <th scope="col">{say('adminPanel.catalogue.date')}</th><th scope="col">{say('adminPanel.catalogue.status')}</th>
              <th scope="col">{say('adminPanel.users.actions')}</th>
            </tr></thead>
            <tbody>
              {list.map((p) => {
                const title = titleIn(p, lang);
                return (
                  <tr key={p.key}>
                    <td data-label={say('adminPanel.catalogue.title')}>{title}</td>
                    <td data-label={say('adminPanel.catalogue.category')}>{say(`adminPanel.catalogue.${p.category}`)}</td>
                    <td data-label={say('adminPanel.catalogue.date')}>{formatDateTime(p.startsAt, lang)}</td>
                    <td data-label={say('adminPanel.catalogue.status')}>{say(p.published ? 'adminPanel.catalogue.published' : 'adminPanel.catalogue.hidden')}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button--small" aria-label={say('adminPanel.catalogue.editNamed', { title })}
                        onClick={() => { setNote(null); setEditing({ product: p }); }}>{say('adminPanel.catalogue.edit')}</button>
                      <button type="button" className="button button--small button--quiet" aria-label={say('adminPanel.catalogue.duplicateNamed', { title })}
                        onClick={() => { setNote(null); setCopying(p); }}>{say('adminPanel.catalogue.duplicate')}</button>
                      <button type="button" className="button button--small button--quiet" onClick={() => toggle(p)}
                        aria-label={`${say(p.published ? 'adminPanel.catalogue.unpublish' : 'adminPanel.catalogue.publish')}: ${title}`}>
                        {say(p.published ? 'adminPanel.catalogue.unpublish' : 'adminPanel.catalogue.publish')}</button>
                      <a className="button button--small button--quiet" href={`/video-details/${encodeURIComponent(p.key)}`} target="_blank" rel="noopener"
                        aria-label={say('adminPanel.catalogue.previewNamed', { title })}>{say('adminPanel.catalogue.preview')}</a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableBox>
      )}</Loaded>
    </>
  );
}
