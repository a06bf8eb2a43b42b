import * as v from 'valibot';
import { OUTBOX_VIEWS } from '../../../../modules/shared/outbox/index.ts';
import { catalogues, type MessageKey, type Translate } from '../../../i18n/index.ts';
import { endpoint } from '../../../server/endpoint.ts';
import { pageParam, pageSlice, readQuery } from '../../../server/query.ts';

const PAGE_SIZE = 50;

const WorkQuery = v.object({
  view: v.optional(v.picklist(OUTBOX_VIEWS, 'invalid-query'), 'upcoming'),
  topic: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9.:-]{1,100}$/, 'invalid-query'))),
  page: pageParam,
});

/** A topic in the admin's words; one without words yet (a new kind of work) by its name. */
const topicWords = (topic: string, t: Translate): string => {
  const key = `adminPanel.work.topic.${topic}`;
  return Object.hasOwn(catalogues.pl, key) ? t(key as MessageKey) : topic;
};

/**
 * GET /api/admin/background-work?view=upcoming|failed&topic=&page= (admin): the outbox's waiting work. `topics`: each
 * topic with rows pending or given up, their counts and the next due time; `items`: one page (50) of the view, the
 * soonest due first (`upcoming`) or the latest given up first (`failed`), each with its topic in the admin's words,
 * due time, attempts and last error. No payloads: they may hold personal data.
 */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services, context, t }) => {
    const { view, topic, page } = readQuery(context.url, WorkQuery);
    const [topics, rows] = await Promise.all([services.outbox.byTopic(), services.outbox.rows(view, pageSlice(page, PAGE_SIZE), topic)]);
    return {
      view, topic: topic ?? null,
      topics: topics.map((c) => ({ topic: c.topic, words: topicWords(c.topic, t), pending: c.pending, failed: c.failed, nextDueAt: c.nextDueAt?.toISOString() ?? null })),
      items: rows.items.map((r) => ({
        id: r.id, topic: r.topic, words: topicWords(r.topic, t), status: r.status, dueAt: r.dueAt.toISOString(),
        attempts: r.attempts, lastError: r.lastError, inFlight: r.inFlight, createdAt: r.createdAt.toISOString(),
      })),
      page, pageSize: PAGE_SIZE, total: rows.total,
    };
  },
});
