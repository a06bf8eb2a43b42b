import type { Advice } from '../../../../modules/operations/index.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { endpoint } from '../../../server/endpoint.ts';

const adviceKey = (advice: Advice) => `adminPanel.system.advice.${advice}` as MessageKey;

/**
 * GET /api/admin/system (admin): the system page (issue 35). `status` is `attention` when any item is; `groups` in the
 * panel's order (version, database, work, backup, outside, host), each item `{ id, status, facts, advice, whatToDo }`:
 * `facts` as measured (sizes in bytes, ages in seconds, times in ISO 8601), `advice` the code of what to do when the
 * item needs attention, `whatToDo` that advice in the caller's language. No secret and no personal data: the outside
 * systems' failures are codes, never messages.
 */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services, t }) => {
    const report = await services.operations.report();
    return {
      ...report,
      groups: report.groups.map((g) => ({ ...g, items: g.items.map((i) => ({ ...i, whatToDo: i.advice ? t(adviceKey(i.advice)) : null })) })),
    };
  },
});
