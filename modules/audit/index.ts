import type { ModuleContext } from '../shared/kernel/index.ts';
import { actorIdOf, auditTypeOf, subjectOf, type AuditSubject, type AuditType } from './entries.ts';
import { articleTitles, auditedEvents, refundOrigins, registeredUsers, type AuditFilter } from './queries.ts';

export { AUDIT_TYPES, EVENT_TYPES, type AuditSubject, type AuditType } from './entries.ts';
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
  /** The buyer or deleted user the subject names, with their name while they have one. */
  person: AuditPerson | null;
  /** The product the subject names, when it names one the catalogue knows. */
  productTitle: { pl: string; en: string } | null;
};

export const AUDIT_PAGE_SIZE = 50;

/**
 * The audit trail: purchases, refunds, mass e-mails, deletions, article and catalogue changes, read from the
 * event log, newest first. Read-only; its names come from accounts at the time of reading, so an erased user
 * shows as an id with no name and their purchases keep their amounts and dates.
 */
export function createAudit(ctx: ModuleContext, ports: AuditPorts) {
  return {
    async trail(filter: AuditFilter, page = 1): Promise<{ items: AuditEntry[]; page: number; pageSize: number; total: number }> {
      const { events, total } = await auditedEvents(ctx.db, filter, { offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
      const [titles, origins] = await Promise.all([
        articleTitles(ctx.db, events.filter((e) => e.type === 'ArticleRemoved').map((e) => String((e.data as { key?: unknown }).key))),
        refundOrigins(ctx.db, events.filter((e) => e.type === 'DuplicatePaymentRefunded').map((e) => e.streamId)),
      ]);
      const subjects = events.map((e) => subjectOf(e, {
        articleTitle: (key) => titles.get(key) ?? null,
        refundOrigin: () => origins.get(e.streamId) ?? { productKey: null, buyer: null },
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
          subject, person: person(people[i]!), productTitle: (productKey && products.get(productKey)) || null,
        };
      });
      return { items, page, pageSize: AUDIT_PAGE_SIZE, total };
    },
  };
}

const personIdOf = (s: AuditSubject): string | null =>
  s.kind === 'deletion' ? s.userId : 'buyer' in s ? s.buyer : null;

export type Audit = ReturnType<typeof createAudit>;
