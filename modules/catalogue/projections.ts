import type { ModuleTx } from '../shared/db/index.ts';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { ArticleEvent } from './article.ts';
import type { Facilitator, FacilitatorEvent } from './facilitator.ts';
import { withoutLegacyText } from './legacy.ts';
import type { Product, ProductEvent } from './product.ts';
import type { CatalogueTables } from './schema.ts';

type CatalogueEvent = ProductEvent | FacilitatorEvent | ArticleEvent;
const asCatalogueEvent = (e: RecordedEvent) => e as unknown as CatalogueEvent & RecordedEvent;

/** Products, facilitators and articles read models. Upserts and idempotent deletes make replays safe. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  tables: ['catalogue_products', 'catalogue_facilitators', 'catalogue_articles'],
  async apply(anyTx, recorded) {
    const tx = anyTx as unknown as ModuleTx<CatalogueTables>;
    const event = asCatalogueEvent(recorded);
    switch (event.type) {
      case 'ProductPublished': {
        const { secrets } = event.data;
        const product = withoutLegacyText(event.data.product);
        const row = {
          key: product.key, category: product.category, starts_at: product.startsAt, doc: JSON.stringify(product),
          live_link: secrets.liveLink, recording_link: secrets.recordingLink, published_position: recorded.position, published: true,
        };
        await tx.insertInto('catalogue_products').values(row)
          .onConflict((c) => c.column('key').doUpdateSet({
            category: row.category, starts_at: row.starts_at, doc: row.doc, live_link: row.live_link, recording_link: row.recording_link, published: true,
          })).execute();
        return;
      }
      case 'ProductRevised': {
        const current = await tx.selectFrom('catalogue_products').select('doc').where('key', '=', event.data.key).executeTakeFirst();
        if (!current) return;
        const product: Product = withoutLegacyText({ ...(current.doc as Product), ...event.data.changes, key: event.data.key });
        await tx.updateTable('catalogue_products').set({
          doc: JSON.stringify(product), category: product.category, starts_at: product.startsAt,
          ...(event.data.secrets?.liveLink !== undefined ? { live_link: event.data.secrets.liveLink } : {}),
          ...(event.data.secrets?.recordingLink !== undefined ? { recording_link: event.data.secrets.recordingLink } : {}),
        }).where('key', '=', event.data.key).execute();
        return;
      }
      case 'ProductScheduleChanged':
        await tx.updateTable('catalogue_products').set({ schedule_revision: event.data.revision }).where('key', '=', event.data.productKey).execute();
        return;
      case 'ProductUnpublished':
      case 'ProductRepublished':
        await tx.updateTable('catalogue_products').set({ published: event.type === 'ProductRepublished' })
          .where('key', '=', event.data.key).execute();
        return;
      case 'FacilitatorIntroduced': {
        const f = event.data.facilitator;
        await tx.insertInto('catalogue_facilitators').values({ id: f.id, position: f.position, doc: JSON.stringify(f) })
          .onConflict((c) => c.column('id').doUpdateSet({ position: f.position, doc: JSON.stringify(f) })).execute();
        return;
      }
      case 'FacilitatorRevised': {
        const current = await tx.selectFrom('catalogue_facilitators').select('doc').where('id', '=', event.data.id).executeTakeFirst();
        if (!current) return;
        const doc = JSON.stringify({ ...(current.doc as Facilitator), ...event.data.changes });
        await tx.updateTable('catalogue_facilitators').set({ doc }).where('id', '=', event.data.id).execute();
        return;
      }
      case 'FacilitatorRetired':
        await tx.deleteFrom('catalogue_facilitators').where('id', '=', event.data.id).execute();
        return;
      case 'FacilitatorsReordered': {
        const rows = await tx.selectFrom('catalogue_facilitators').select(['id', 'doc']).where('id', 'in', event.data.order.length > 0 ? event.data.order : ['']).execute();
        for (const row of rows) {
          const position = event.data.order.indexOf(row.id) + 1;
          await tx.updateTable('catalogue_facilitators').set({ position, doc: JSON.stringify({ ...(row.doc as Facilitator), position }) })
            .where('id', '=', row.id).execute();
        }
        return;
      }
      case 'ArticlePublished': {
        const a = event.data.article;
        await tx.insertInto('catalogue_articles').values({ ...a, published_position: recorded.position })
          .onConflict((c) => c.column('key').doNothing()).execute();
        return;
      }
      case 'ArticleRemoved':
        await tx.deleteFrom('catalogue_articles').where('key', '=', event.data.key).execute();
        return;
      default:
        return; // another module's event
    }
  },
};
