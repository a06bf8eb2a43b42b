import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';

/**
 * One mass e-mail's stream. Its rules: subject and body must say something; a product target must be a product
 * that exists; once started, asking again (the same Idempotency-Key) starts nothing new. The recipients are the
 * outbox rows written beside the event; the event keeps only how many there are.
 */
export type CampaignTarget = 'all' | (string & {});

export type CampaignEvent = {
  type: 'CampaignStarted';
  data: { campaignId: string; subject: string; body: string; target: CampaignTarget; recipientCount: number; startedAt: string };
};

export type StartCampaign = {
  type: 'StartCampaign';
  campaignId: string;
  subject: string;
  body: string;
  target: CampaignTarget;
  /** The user ids the target names now; null when the target is a product that does not exist. */
  audience: readonly string[] | null;
  now: Date;
};

export type CampaignState =
  | { status: 'none' }
  | { status: 'started'; campaignId: string; recipientCount: number };

export const campaignStream = (campaignId: string) => `campaign-${campaignId}`;

/** A subject is one header line: any run of whitespace (CR and LF included) becomes one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export const campaignDecider: Decider<StartCampaign, CampaignEvent, CampaignState> = {
  initialState: () => ({ status: 'none' }),
  /** Recipients get mail, their pages do not change. */
  concerns: { CampaignStarted: nobody },
  evolve: (_state, event) => ({ status: 'started', campaignId: event.data.campaignId, recipientCount: event.data.recipientCount }),
  decide(command, state) {
    if (state.status === 'started') return [];
    const subject = oneLine(command.subject);
    if (subject === '' || command.body.trim() === '') throw new DomainError('campaign-empty');
    if (command.audience === null) throw new DomainError('campaign-unknown-product', { key: command.target });
    return [{
      type: 'CampaignStarted',
      data: {
        campaignId: command.campaignId, subject, body: command.body.replace(/\r\n?/g, '\n'), target: command.target,
        recipientCount: new Set(command.audience).size, startedAt: command.now.toISOString(),
      },
    }];
  },
};
