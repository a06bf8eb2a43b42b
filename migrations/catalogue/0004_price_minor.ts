import { sql, type Kysely } from 'kysely';

/**
 * Prices in minor units (issue 36): each product read model's price entries get `priceMinor` (an integer of grosze
 * or cents) in place of `price` in whole units, computed in SQL's exact numeric. The events are not touched: they
 * are upcast on read (modules/catalogue/upcasts.ts), so a rebuild gives the same documents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update catalogue_products set doc = jsonb_set(doc, '{price}', (
      select coalesce(jsonb_agg(case when e ? 'priceMinor' then e
        else (e - 'price') || jsonb_build_object('priceMinor', round((e->>'price')::numeric * 100)::bigint) end order by i), '[]'::jsonb)
      from jsonb_array_elements(doc->'price') with ordinality as t(e, i)))
    where jsonb_typeof(doc->'price') = 'array'`.execute(db);
}

/** Back to whole units, for a version before issue 36. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update catalogue_products set doc = jsonb_set(doc, '{price}', (
      select coalesce(jsonb_agg(case when e ? 'priceMinor'
        then (e - 'priceMinor') || jsonb_build_object('price', (e->>'priceMinor')::numeric / 100) else e end order by i), '[]'::jsonb)
      from jsonb_array_elements(doc->'price') with ordinality as t(e, i)))
    where jsonb_typeof(doc->'price') = 'array'`.execute(db);
}
