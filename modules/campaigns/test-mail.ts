import { mailMessage, type Mail } from '../mailing/index.ts';
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { oneLine } from './campaign.ts';
import { campaignMail, type CampaignLetter, type Recipient } from './mail.ts';

/**
 * A mass e-mail tried on its author before it goes out: the same letter, framed by the same template, sent to the
 * signed-in admin alone through the ordinary mail path. It is its own stream and event, so no campaign counts it
 * (no recipients, no progress, no audit entry as a campaign). The admin's address is in the outbox row only.
 */
export type CampaignTestEvent = { type: 'CampaignTestSent'; data: { testId: string; subject: string; body: string; sentAt: string } };
export type SendCampaignTest = { type: 'SendCampaignTest'; testId: string; subject: string; body: string; now: Date };
export type CampaignTestState = { status: 'none' } | { status: 'sent' };

export const campaignTestStream = (testId: string) => `campaign-test-${testId}`;

/** The test's subject says what it is, in the admin's language, before the subject recipients will see. */
export const TEST_MARK = { pl: '[TEST] ', en: '[TEST] ' } as const;

export const campaignTestDecider: Decider<SendCampaignTest, CampaignTestEvent, CampaignTestState> = {
  initialState: () => ({ status: 'none' }),
  /** The test goes to its author's mailbox; no page changes. */
  concerns: { CampaignTestSent: nobody },
  evolve: () => ({ status: 'sent' }),
  decide(command, state) {
    if (state.status === 'sent') return [];
    const subject = oneLine(command.subject);
    if (subject === '' || command.body.trim() === '') throw new DomainError('campaign-empty');
    return [{ type: 'CampaignTestSent', data: { testId: command.testId, subject, body: command.body.replace(/\r\n?/g, '\n'), sentAt: command.now.toISOString() } }];
  },
};

/** The letter as `to` will read it: what the preview shows and what the test sends (with its mark). */
export function letterFor(letter: CampaignLetter, to: Recipient, opts: { site: string; unsubscribeUrl: string }): Mail {
  return campaignMail({ subject: oneLine(letter.subject), body: letter.body.replace(/\r\n?/g, '\n') }, to, opts);
}

/** The outbox row of a test: the rendered letter with its subject marked as a test, to the admin only. */
export function testMessage(testId: string, mail: Mail, language: Recipient['language']) {
  return mailMessage(`campaign-test:${testId}`, { ...mail, subject: `${TEST_MARK[language]}${mail.subject}` });
}
