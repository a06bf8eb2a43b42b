import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_LANE, createCampaigns } from '../../../modules/campaigns/index.ts';
import { devMailboxSender } from '../../../modules/mailing/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { accountsInstance, linkIn, outboxMails, verifiedUser } from '../../support/accounts-module.ts';
import { backends, openMigrated, tablesHolding } from '../../support/databases.ts';

const zofia = { name: 'Zofia Usuwalska', email: 'zofia.usuwalska@example.com', phone: '+48 511 987 654' };

describe.each(backends)('campaigns keep no personal data: erasure after a campaign, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const occurrences = (needle: string) => tablesHolding(handle.db, needle);

  it('a delivered campaign and a pending one leave nothing of a deleted user; the pending one skips them', async () => {
    const { accounts, store, ctx } = accountsInstance(handle, { env: { ADMIN_EMAILS: 'boss@example.com' } });
    const campaigns = createCampaigns(ctx, {
      everyone: () => accounts.verifiedUserIds(), buyers: async () => null, recipient: (id) => accounts.mailContact(id),
      relay: null, keepInDevMailbox: devMailboxSender(handle.db, pino({ level: 'silent' })),
    });
    campaigns.projections.forEach((p) => store.addProjection(p));
    const worker = createOutboxWorker(handle.db, { handlers: campaigns.outboxHandlers, topics: CAMPAIGN_LANE.topics });
    await verifiedUser(handle, accounts, 'boss@example.com');
    await accounts.register({ ...zofia, password: 'pierwsze' }, { ip: '10.0.0.1', language: 'pl' });
    await accounts.verifyEmail(linkIn((await outboxMails(handle)).findLast((m) => m.to === zofia.email)!, 'verify-email'));
    const ids = await accounts.verifiedUserIds();
    const zofiaId = (await accounts.users()).find((u) => u.email === zofia.email)!.id;
    const bossId = (await accounts.users()).find((u) => u.email === 'boss@example.com')!.id;
    expect(ids).toContain(zofiaId);

    const delivered = await campaigns.start({ subject: 'Pierwsza', body: 'Treść', target: 'all' }, bossId);
    await worker.drainOnce();
    expect(await campaigns.campaign(delivered.campaignId)).toMatchObject({ total: 2, sent: 2 });
    const pending = await campaigns.start({ subject: 'Druga', body: 'Treść', target: 'all' }, bossId);
    expect(await occurrences(zofia.email)).toContain('dev_mailbox.recipient');

    await accounts.deleteUser(zofiaId, bossId);
    for (const needle of [zofia.email, zofia.name, zofia.phone]) expect(await occurrences(needle), needle).toEqual([]);

    await worker.drainOnce();
    expect(await campaigns.campaign(pending.campaignId)).toMatchObject({ total: 2, sent: 1, skipped: 1, pending: 0 });
    for (const needle of [zofia.email, zofia.name]) expect(await occurrences(needle), needle).toEqual([]);
  });
});
