import * as v from 'valibot';
import { AUDIT_TYPES } from '../../../../modules/audit/index.ts';
import { DomainError } from '../../../../modules/shared/kernel/index.ts';
import { auditCsvRows, auditSummary } from '../../../server/audit-summary.ts';
import { csvResponse } from '../../../server/csv.ts';
import { endpoint } from '../../../server/endpoint.ts';
import { pageParam, readQuery } from '../../../server/query.ts';

const DATE = 'audit-invalid-date';
/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
const day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\d$/, DATE),
  v.check((s) => { const d = new Date(`${s}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s); }, DATE)));

const AuditQuery = v.object({
  type: v.optional(v.picklist(AUDIT_TYPES, 'audit-invalid-type')),
  from: day,
  to: day,
  /** A product's key, a user's id, a campaign's id or an article's key. */
  subject: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'audit-invalid-subject'), v.maxLength(200, 'audit-invalid-subject'))),
  format: v.optional(v.picklist(['json', 'csv'], 'invalid-query')),
  page: pageParam,
});

/**
 * GET /api/admin/audit?type=&from=&to=&subject=&page= (admin): purchases, refunds, mass e-mails, deletions, article and
 * catalogue changes, newest first, 50 a page, each with who did it, when, what it is about by a stable id (`subject`:
 * kind and id), the money it moved (`amount`, `currency`, or null) and a sentence in the admin's language.
 * `format=csv` answers every matching entry (not one page) as a CSV download.
 */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services, context, t, lang }) => {
    const { page, format, ...filter } = readQuery(context.url, AuditQuery);
    if (filter.from && filter.to && filter.from > filter.to) throw new DomainError(DATE);
    if (format === 'csv') {
      const { items } = await services.audit.export(filter);
      return csvResponse(auditCsvRows(items, t, lang), `audit${filter.subject ? `-${filter.subject}` : ''}.csv`);
    }
    const trail = await services.audit.trail(filter, page);
    return {
      items: trail.items.map((e) => ({
        position: e.position, at: e.at.toISOString(), type: e.type, event: e.event, actor: e.actor, subject: e.ref,
        amount: e.money?.amount ?? null, currency: e.money?.currency ?? null, summary: auditSummary(e, t, lang),
      })),
      page: trail.page, pageSize: trail.pageSize, total: trail.total,
    };
  },
});
