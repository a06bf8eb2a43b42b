import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import { DomainError, handleCommand, type IdSource } from '../shared/kernel/index.ts';
import { slugify } from '../shared/text/index.ts';
import {
  FACILITATOR_ORDER_STREAM, facilitatorDecider, facilitatorOrderDecider, facilitatorStream, type Facilitator, type FacilitatorFields,
} from './facilitator.ts';
import type { Product } from './product.ts';
import type { CatalogueTables } from './schema.ts';
import { sameName } from './teachers.ts';

type Deps = { db: ModuleDb<CatalogueTables>; store: EventStore; ids: IdSource };
const metadata = (actor: string | null) => ({ metadata: { actor } });

/** The facilitators' commands (admin) and the start-up migration that turns typed teachers into chosen facilitators. */
export function facilitatorCommands({ db, store, ids }: Deps) {
  const deps = { db, store };
  const active = async (): Promise<Facilitator[]> =>
    (await db.selectFrom('catalogue_facilitators').select('doc').orderBy('position').orderBy('id').execute()).map((r) => r.doc as Facilitator);
  /** Every product, published or not, as recorded (not derived): who names whom. */
  const recorded = async (): Promise<Product[]> => (await db.selectFrom('catalogue_products').select('doc').orderBy('key').execute()).map((r) => r.doc as Product);
  const introduce = async (facilitator: Facilitator, actor: string | null) => {
    await handleCommand(deps, facilitatorDecider, facilitatorStream(facilitator.id), { type: 'IntroduceFacilitator', facilitator }, metadata(actor));
  };
  const nextPosition = async () => Math.max(0, ...(await active()).map((f) => f.position)) + 1;

  return {
    introduceFacilitator: (facilitator: Facilitator, actor: string | null = null) => introduce(facilitator, actor),

    /** Adds a facilitator (admin) at the end of the gallery; answers them as stored. */
    async createFacilitator(fields: FacilitatorFields, actor: string | null): Promise<Facilitator> {
      const facilitator: Facilitator = { ...fields, id: ids(), position: await nextPosition() };
      await introduce(facilitator, actor);
      return facilitator;
    },

    /** Replaces a facilitator's name, photo, role and bio (admin): only what differs is recorded. */
    async saveFacilitator(id: string, fields: FacilitatorFields, actor: string | null): Promise<void> {
      await handleCommand(deps, facilitatorDecider, facilitatorStream(id), { type: 'ReviseFacilitator', id, changes: fields }, metadata(actor));
    },

    /** Removes a facilitator (admin); refused `facilitator-in-use` while a product names them, with those products' titles. */
    async retireFacilitator(id: string, actor: string | null): Promise<void> {
      const usedBy = (await recorded()).filter((p) => p.facilitators?.includes(id)).map((p) => p.title);
      await handleCommand(deps, facilitatorDecider, facilitatorStream(id), { type: 'RetireFacilitator', id, usedBy }, metadata(actor));
    },

    /** Puts the gallery in this order (admin): every facilitator exactly once, else `facilitator-order-stale`. */
    async reorderFacilitators(order: string[], actor: string | null): Promise<void> {
      const current = (await active()).map((f) => f.id);
      await handleCommand(deps, facilitatorOrderDecider, FACILITATOR_ORDER_STREAM, { type: 'ReorderFacilitators', order, current }, metadata(actor));
    },

    /** Refuses `facilitator-not-found` when a product would name someone who is not (or no longer) a facilitator. */
    async checkChosen(chosen: readonly string[]): Promise<void> {
      const known = new Set((await active()).map((f) => f.id));
      const unknown = chosen.find((id) => !known.has(id));
      if (unknown !== undefined) throw new DomainError('facilitator-not-found', { id: unknown });
    },

    /**
     * The start-up data migration, through the kernel: each product recorded before facilitators were chosen (no
     * `facilitators` yet) gets the facilitators its typed teachers (or its typed leader) name, matched by name; a
     * teacher matching nobody is introduced as a new facilitator with the typed photo and bio. Runs on every start
     * and does nothing once every product has its choice; a second instance doing it at once records nothing twice
     * (introducing is idempotent per id, a revision records only what differs).
     */
    async adoptTeachers(revise: (key: string, changes: Partial<Product>) => Promise<void>): Promise<number> {
      const pending = (await recorded()).filter((p) => !Array.isArray(p.facilitators));
      for (const product of pending) {
        const people = (product.teachers ?? []).map((t) => ({ name: t.text, img: t.img, bio: { pl: t.desc, en: t.descEn } }));
        if (product.channel && !people.some((t) => sameName(t.name, product.channel))) people.unshift({ name: product.channel, img: product.avatar, bio: { pl: '', en: '' } });
        const chosen: string[] = [];
        for (const person of people.filter((t) => t.name.trim() !== '')) {
          const all = await active();
          let match = all.find((f) => sameName(f.name, person.name));
          if (!match) {
            const slug = slugify(person.name).slice(0, 60) || 'facilitator';
            match = { id: all.some((f) => f.id === slug) ? `${slug}-${ids().slice(0, 6)}` : slug, name: person.name.trim(), avatar: person.img,
              role: { pl: '', en: '' }, bio: person.bio, position: await nextPosition() };
            await introduce(match, 'migration');
          }
          if (!chosen.includes(match.id)) chosen.push(match.id);
        }
        await revise(product.key, { facilitators: chosen });
      }
      return pending.length;
    },
  };
}
