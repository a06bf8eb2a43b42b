import { describe, expect, it } from 'vitest';
import { campaignTestDecider, letterFor, testMessage, type SendCampaignTest } from '../../../modules/campaigns/test-mail.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

describe('a mass e-mail tried on its author', () => {
  const { given } = deciderSpec(campaignTestDecider);
  const now = new Date('2026-03-01T10:00:00Z');
  const send = (subject: string, body: string): SendCampaignTest => ({ type: 'SendCampaignTest', testId: 't1', subject, body, now });

  it('is sent with its subject on one line and its body\'s line breaks as \\n', () =>
    given([]).when(send(' Jesienny\r\n trening ', 'Dzień dobry\r\nwszystkim')).then([
      { type: 'CampaignTestSent', data: { testId: 't1', subject: 'Jesienny trening', body: 'Dzień dobry\nwszystkim', sentAt: '2026-03-01T10:00:00.000Z' } },
    ]));
  it('is refused without a subject or a body, as the campaign would be', () => {
    given([]).when(send('  ', 'x')).thenThrows('campaign-empty');
    given([]).when(send('x', ' \n ')).thenThrows('campaign-empty');
  });
  it('is sent once for one test id', () =>
    given([{ type: 'CampaignTestSent', data: { testId: 't1', subject: 's', body: 'b', sentAt: now.toISOString() } }]).when(send('s', 'b')).thenNothing());

  it('goes to the admin alone, framed as the real mail, its subject marked as a test', () => {
    const mail = letterFor({ subject: 'Jesień', body: 'Zapraszamy <b>!' }, { email: 'szefowa@example.com', name: 'Anna', language: 'pl' }, { site: 'Gestalt', unsubscribeUrl: 'https://g.test/unsubscribe/x' });
    const row = testMessage('t1', mail, 'pl');
    expect(row.payload).toMatchObject({ to: 'szefowa@example.com', subject: '[TEST] Jesień' });
    expect((row.payload as { html: string }).html).toContain('Zapraszamy &lt;b&gt;!');
    expect((row.payload as { text: string }).text).toMatch(/^Dzień dobry Anna,/);
  });
});
