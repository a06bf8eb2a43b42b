import { describe, expect, it } from 'vitest';
import { campaignDecider, campaignTexts, subscriptionDecider, type CampaignEvent, type StartCampaign } from '../../../modules/campaigns/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

/** A campaign's rules and a user's subscription, given their events, when a command, then what is recorded or which rule refuses. */
const campaign = deciderSpec(campaignDecider);
const subscription = deciderSpec(subscriptionDecider);

const now = new Date('2026-11-25T10:00:00.000Z');
const start = (over: Partial<StartCampaign> = {}): StartCampaign => ({
  type: 'StartCampaign', campaignId: 'c1', subject: 'Nowy warsztat', body: 'Zapraszamy.\r\nDo zobaczenia!', target: 'all', audience: ['u1', 'u2'], now, ...over,
});
const started: CampaignEvent = {
  type: 'CampaignStarted',
  data: { campaignId: 'c1', subject: 'Nowy warsztat', body: 'Zapraszamy.\nDo zobaczenia!', target: 'all', recipientCount: 2, startedAt: now.toISOString() },
};

describe('campaign', () => {
  it('starts with the subject, the body, the target and how many it addresses (ids stay out of the event)', () => {
    campaign.given([]).when(start()).then([started]);
  });

  it('counts each recipient once and keeps a product target', () => {
    campaign.given([]).when(start({ target: 'k1', audience: ['u1', 'u1', 'u3'] }))
      .then([{ ...started, data: { ...started.data, target: 'k1', recipientCount: 2 } }]);
  });

  it('makes the subject one line: CR, LF and runs of spaces become one space', () => {
    campaign.given([]).when(start({ subject: '  Nowość\r\nBcc: x@example.com\n ' }))
      .then([{ ...started, data: { ...started.data, subject: 'Nowość Bcc: x@example.com' } }]);
  });

  it('refuses a blank subject or a blank body', () => {
    campaign.given([]).when(start({ subject: ' \r\n' })).thenThrows('campaign-empty');
    campaign.given([]).when(start({ body: '\n\t ' })).thenThrows('campaign-empty');
  });

  it('refuses a product that does not exist', () => {
    campaign.given([]).when(start({ target: 'nope', audience: null })).thenThrows('campaign-unknown-product', { key: 'nope' });
  });

  it('starts nothing new once started (a repeated Idempotency-Key), whatever the repeat says', () => {
    campaign.given([started]).when(start({ body: 'Inna treść', audience: ['u9'] })).thenNothing();
  });

  it('may address no one (a product nobody bought yet)', () => {
    campaign.given([]).when(start({ audience: [] })).then([{ ...started, data: { ...started.data, recipientCount: 0 } }]);
  });
});

describe('subscription', () => {
  const unsubscribe = { type: 'Unsubscribe' as const, userId: 'u1', now };
  it('records the first unsubscribe and nothing for a repeat', () => {
    subscription.given([]).when(unsubscribe).then([{ type: 'UserUnsubscribed', data: { userId: 'u1', unsubscribedAt: now.toISOString() } }]);
    subscription.given([{ type: 'UserUnsubscribed', data: { userId: 'u1', unsubscribedAt: now.toISOString() } }]).when(unsubscribe).thenNothing();
  });
});

describe('campaign mail texts', () => {
  it('have every key in both languages', () => {
    expect(Object.keys(campaignTexts.en).sort()).toEqual(Object.keys(campaignTexts.pl).sort());
  });
});
