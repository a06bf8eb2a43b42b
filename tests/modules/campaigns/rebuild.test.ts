import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unsubscribedProjection } from '../../../modules/campaigns/projections.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

/** The unsubscribe read model rebuilt a page at a time must hold exactly what applying each event in turn left. */
describe.each(backends)('rebuilding campaign_unsubscribed on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const rows = () => handle.db.selectFrom('campaign_unsubscribed' as never).selectAll().orderBy('user_id' as never).execute();

  it('given 2,500 users, some unsubscribed twice, when the read model is rebuilt, then its rows are the live ones: the first unsubscribe wins', async () => {
    const store = createEventStore(handle.db, { projections: [unsubscribedProjection] });
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
    for (let i = 0; i < 2500; i++) {
      const userId = `user-${String(i).padStart(5, '0')}`;
      await store.append(`subscription-${userId}`, 'any', [{ type: 'UserUnsubscribed', data: { userId, unsubscribedAt: at(i) } }]);
      // A second unsubscribe of the same user on another stream: the row keeps the first.
      if (i % 7 === 0) await store.append(`subscription-again-${userId}`, 'any', [{ type: 'UserUnsubscribed', data: { userId, unsubscribedAt: at(i + 5000) } }]);
    }
    const live = await rows();
    expect(live).toHaveLength(2500);
    expect(await store.rebuildProjections()).toEqual({ events: 2500 + Math.ceil(2500 / 7) });
    expect(await rows()).toEqual(live);
  });
});
