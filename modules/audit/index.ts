import type { ModuleContext } from '../shared/kernel/index.ts';
import { actorIdOf, auditTypeOf, moneyOf, refOf, subjectOf, type AuditRef, type AuditSubject, type AuditType } from './entries.ts';
import { articleTitles, auditedEvents, invoiceNumbers, refundOrigins, registeredUsers, type AuditFilter } from './queries.ts';

export { AUDIT_TYPES, EVENT_TYPES, type AuditRef, type AuditSubject, type AuditType } from './entries.ts';
export type { AuditFilter } from './queries.ts';

/** What the audit trail needs from other modules, handed over by the composition root (src/server/modules.ts). */
export type AuditPorts = {
  /** The name of each of these users that still has one (an erased user has none). */
  userNames(userIds: readonly string[]): Promise<Map<string, string>>;
  /** Every product's title in both languages, by key. */
  productTitles(): Promise<Map<string, { pl: string; en: string }>>;
};

/** A person the entry names: `name` is null once their personal data was erased (or for an unknown id). */
export type AuditPerson = { id: string; name: string | null };

export type AuditEntry = {
  position: number;
  at: Date;
  type: AuditType;
  /** The raw event type, e.g. `ProductRevised`. */
  event: string;
  /** Who did it; null for the system (seeding, a retry job). */
  actor: AuditPerson | null;
  subject: AuditSubject;
  /** What the entry is about by a stable id (a product's key survives its renames), or null when its event names none. */
  ref: AuditRef | null;
  /** The money it moved, beside the sentence that says it: whole units of `currency`, as the event recorded it. */
  money: { amount: number; currency: string } | null;
  /** The buyer or deleted user the subject names, with their name while they have one. */
  person: AuditPerson | null;
  /** The product the subject names, when it names one the catalogue knows. */
  productTitle: { pl: string; en: string } | null;
};

export const AUDIT_PAGE_SIZE = 50;
/** The most entries one export holds (newest first): a year of a busy shop, still one download. */
export const AUDIT_EXPORT_MAX = 20_000;

/**
 * The audit trail: purchases, refunds, mass e-mails, deletions, article and catalogue changes, read from the
 * event log, newest first. Read-only; its names come from accounts at the time of reading, so an erased user
 * shows as an id with no name and their purchases keep their amounts and dates.
 */
export function createAudit(ctx: ModuleContext, ports: AuditPorts) {
  /** The entries of one slice of the filtered trail, with everything they name looked up. */
  async function entries(filter: AuditFilter, slice: { offset: number; limit: number }): Promise<{ items: AuditEntry[]; total: number }> {
    const { events, total } = await auditedEvents(ctx.db, filter, slice);
    const ksefAnswers = events.filter((e) => e.type.startsWith('Ksef')).map((e) => String((e.data as { invoiceId?: unknown }).invoiceId));
    const [titles, origins, numbers] = await Promise.all([
      articleTitles(ctx.db, events.filter((e) => e.type === 'ArticleRemoved').map((e) => String((e.data as { key?: unknown }).key))),
      refundOrigins(ctx.db, events.filter((e) => e.type === 'DuplicatePaymentRefunded').map((e) => e.streamId)),
      invoiceNumbers(ctx.db, ksefAnswers),
    ]);
    const subjects = events.map((e) => subjectOf(e, {
      articleTitle: (key) => titles.get(key) ?? null,
      refundOrigin: () => origins.get(e.streamId) ?? { productKey: null, buyer: null },
      invoiceNumber: (id) => numbers.get(id) ?? null,
    }));
    const people = subjects.map(personIdOf);
    const actorIds = events.map(actorIdOf);
    const ids = [...new Set([...people, ...actorIds].filter((id): id is string => id !== null))];
    const [users, names, products] = await Promise.all([registeredUsers(ctx.db, ids), ports.userNames(ids), ports.productTitles()]);
    const person = (id: string | null): AuditPerson | null => (id === null ? null : { id, name: names.get(id) ?? null });
    const items = events.map((e, i): AuditEntry => {
      const subject = subjects[i]!;
      const actorId = actorIds[i]!;
      const productKey = 'productKey' in subject ? subject.productKey : subject.kind === 'campaign' ? subject.target : null;
      return {
        position: e.position, at: e.recordedAt, type: auditTypeOf(e.type)!, event: e.type,
        actor: actorId !== null && users.has(actorId) ? person(actorId) : null,
        subject, ref: refOf(subject), money: moneyOf(subject), person: person(people[i]!), productTitle: (productKey && products.get(productKey)) || null,
      };
    });
    return { items, total };
  }

  return {
    /** One page of the trail, newest first, and how many entries the filter matches in all. */
    async trail(filter: AuditFilter, page = 1): Promise<{ items: AuditEntry[]; page: number; pageSize: number; total: number }> {
      const { items, total } = await entries(filter, { offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
      return { items, page, pageSize: AUDIT_PAGE_SIZE, total };
    },
    /** Every entry the filter matches, newest first, up to AUDIT_EXPORT_MAX (`total` says how many there are): an export. */
    async export(filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
      return entries(filter, { offset: 0, limit: AUDIT_EXPORT_MAX });
    },
  };
}

const personIdOf = (s: AuditSubject): string | null =>
  s.kind === 'deletion' ? s.userId : 'buyer' in s ? s.buyer : null;

export type Audit = ReturnType<typeof createAudit>;
