import type { ModuleDb } from '../shared/db/index.ts';
import { DomainError, type Clock } from '../shared/kernel/index.ts';
import type { Article } from './article.ts';
import type { Facilitator } from './facilitator.ts';
import type { OwnershipPort } from './ports.ts';
import { toApiVideo } from './facts.ts';
import { CATEGORIES, isUpcoming, priceIn, type Category, type Currency, type Product, type ProductSecrets } from './product.ts';
import type { CatalogueTables } from './schema.ts';
import { withFacilitators } from './teachers.ts';

/** Read-only questions about the read models. Only `productWithLinks` (for purchases) selects the live or recording link. */
export function catalogueQueries(db: ModuleDb<CatalogueTables>) {
  const all = () => db.selectFrom('catalogue_products');
  const facilitators = async (): Promise<Facilitator[]> =>
    (await db.selectFrom('catalogue_facilitators').select('doc').orderBy('position').orderBy('id').execute()).map((r) => r.doc as Facilitator);
  /** Products as recorded, each with its teachers read from its facilitators (teachers.ts). */
  const derived = async <T>(rows: T[], doc: (row: T) => unknown): Promise<Product[]> => {
    if (rows.length === 0) return [];
    const byId = new Map((await facilitators()).map((f) => [f.id, f]));
    return rows.map((r) => withFacilitators(doc(r) as Product, byId));
  };
  const one = async <T>(row: T | undefined, doc: (row: T) => unknown): Promise<Product | null> => (row ? (await derived([row], doc))[0]! : null);
  /** What the public pages may show: published products only. */
  const products = () => all().select('doc').where('published', '=', true);
  return {
    /** A published product (an unpublished one is gone from the public pages). */
    async product(key: string): Promise<Product | null> {
      return one(await products().where('key', '=', key).executeTakeFirst(), (r) => r.doc);
    },
    /** A product as its owners see it (My Recordings, the watch page), published or not. */
    async ownedProduct(key: string): Promise<Product | null> {
      return one(await all().select('doc').where('key', '=', key).executeTakeFirst(), (r) => r.doc);
    },
    /**
     * The product with its live and recording links, whether it is on sale (published) and its schedule changes so far. Server-side only: the
     * purchases module hands the links to owners inside their access window; no page or API may call it otherwise.
     */
    async productWithLinks(key: string): Promise<{ product: Product; links: ProductSecrets; published: boolean; scheduleRevision: number } | null> {
      const row = await all().select(['doc', 'live_link', 'recording_link', 'published', 'schedule_revision']).where('key', '=', key).executeTakeFirst();
      return row ? {
        product: (await one(row, (r) => r.doc))!, links: { liveLink: row.live_link, recordingLink: row.recording_link }, published: row.published,
        scheduleRevision: row.schedule_revision,
      } : null;
    },
    /** The admin's catalogue: every product, published or not, with its links, soonest first. */
    async adminProducts(): Promise<AdminProduct[]> {
      const rows = await all().select(['doc', 'live_link', 'recording_link', 'published']).orderBy('starts_at').orderBy('key').execute();
      const products = await derived(rows, (r) => r.doc);
      return rows.map((r, i) => ({ ...products[i]!, liveLink: r.live_link, recordingLink: r.recording_link, published: r.published }));
    },
    /** The product a payment-provider price id belongs to. */
    async productKeyForPrice(priceId: string): Promise<string | null> {
      const rows = await all().select('doc').execute();
      return rows.map((r) => r.doc as Product).find((p) => p.price.some((x) => x.api === priceId))?.key ?? null;
    },
    /** Every product (or every one of a category), soonest first. */
    async products(category?: Category): Promise<Product[]> {
      let q = products().orderBy('starts_at', 'asc').orderBy('key');
      if (category) q = q.where('category', '=', category);
      return derived(await q.execute(), (r) => r.doc);
    },
    /** The gallery's order. */
    facilitators,
    /** Newest first. */
    async articles(): Promise<Article[]> {
      return db.selectFrom('catalogue_articles').select(['key', 'title', 'description', 'link'])
        .orderBy('published_position', 'desc').execute();
    },
  };
}

export type CatalogueQueries = ReturnType<typeof catalogueQueries>;

/** A product as the admin edits it: the definition, its links and whether it is published. */
export type AdminProduct = Product & ProductSecrets & { published: boolean };

/** A product as a listing shows it: whether this visitor owns it decides where its card leads (spec 2). */
export type Listed = { product: Product; owned: boolean };
/** One price of the buy panel. */
export type Offer = { currency: Currency; amountMinor: number; priceId: string };

/** The buy panel's currencies, in its order. */
export const OFFER_CURRENCIES: readonly Currency[] = ['PLN', 'EUR', 'USD'];

/** The questions the public pages ask, answered for one visitor (`userId` null for a visitor without a session). */
export function pageQueries(queries: CatalogueQueries, owners: OwnershipPort, clock: Clock) {
  const ownedBy = async (userId: string | null): Promise<ReadonlySet<string>> => new Set(userId ? await owners.ownedKeys(userId) : []);
  const marked = (products: Product[], owned: ReadonlySet<string>): Listed[] => products.map((product) => ({ product, owned: owned.has(product.key) }));

  return {
    /** The home page's coming-soon gallery: the events not yet over (`isUpcoming`), soonest first. */
    async comingSoon(userId: string | null): Promise<Listed[]> {
      const now = clock();
      const [products, owned] = await Promise.all([queries.products(), ownedBy(userId)]);
      return marked(products.filter((p) => isUpcoming(p, now)), owned);
    },

    /** The explore page's listings: one per category, in the offer's order, each with every product of that category, soonest first. */
    async listings(userId: string | null): Promise<{ category: Category; items: Listed[] }[]> {
      const [products, owned] = await Promise.all([queries.products(), ownedBy(userId)]);
      return CATEGORIES.map((category) => ({ category, items: marked(products.filter((p) => p.category === category), owned) }));
    },

    /** The purchase page: the product, whether the visitor owns it (the page then sends them to watch it), and its prices. */
    async productPage(key: string, userId: string | null): Promise<(Listed & { offers: Offer[] }) | null> {
      const [product, owned] = await Promise.all([queries.product(key), ownedBy(userId)]);
      if (!product) return null;
      const offers = OFFER_CURRENCIES.map((currency) => {
        const price = priceIn(product, currency);
        return { currency, amountMinor: price.priceMinor, priceId: price.api };
      });
      return { product, owned: owned.has(product.key), offers };
    },

    /** GET /api/videos/{id}: the API shape of spec 3, with the links only for an owner inside the access window. */
    async apiVideo(key: string, userId: string | null) {
      const product = await queries.product(key);
      if (!product) throw new DomainError('product-not-found', { key });
      return { ...toApiVideo(product), ...(await owners.linksFor(userId, product.key)) };
    },
  };
}
