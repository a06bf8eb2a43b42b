import { describe, expect, it } from 'vitest';
import { campaignComposer } from '../../../modules/campaigns/compose.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';

const unfolded = (raw: Buffer) => raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
const url = 'https://gestalt.test/unsubscribe/abc.def';

/**
 * A campaign message's headers, on both ways of composing it: header by header (a plain address) and whole by
 * nodemailer (an address it must encode).
 */
describe('a composed campaign message', () => {
  it.each([
    ['header by header', 'ewa@example.com'],
    ['whole, by nodemailer', '"ewa nowak"@example.com'],
  ])('given the module\'s clock, when composed %s, then it is dated by that clock and offers only the one-click https unsubscribe', async (_, to) => {
    const clock = fixedClock('2031-05-06T07:08:09Z');
    const compose = campaignComposer('Gestalt <no-reply@gestalt.test>', clock);
    const { raw } = await compose('c1', { to, subject: 'Hej', text: 'Treść', html: '<p>Treść</p>' }, '<campaign-c1-u1@gestalt.test>', url);
    const headers = unfolded(raw).slice(0, unfolded(raw).indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^Date: Tue, 06 May 2031 07:08:09 \+0000$/m);
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/gestalt\.test\/unsubscribe\/abc\.def>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw.toString('utf8')).not.toContain('mailto:');
  });
});
