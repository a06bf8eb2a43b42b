import * as v from 'valibot';
import { escapeHtml, mailMessage } from '../mailing/index.ts';
import type { Config } from '../shared/config/index.ts';
import type { ModuleDb, ModuleTx } from '../shared/db/index.ts';
import { DomainError, handleCommand, type Clock, type CommandDeps, type IdSource } from '../shared/kernel/index.ts';
import { clientKey, type Count, type RateLimiter } from '../shared/rate-limit/index.ts';
import { ContactFields, contactDecider, contactStream, type ContactCommand, type ContactInput } from './message.ts';
import type { ContactTables } from './schema.ts';

/** The spec sets no throttle; ours: five messages per sender (client address) per ten minutes. */
export const CONTACT_LIMIT = { max: 5, windowSeconds: 10 * 60 };
const contactCount = (sender: string): Count => ({ bucket: ['contact:sender', clientKey(sender)], limit: CONTACT_LIMIT });

type ContactRuntime = { db: ModuleDb<ContactTables>; kernel: CommandDeps; config: Config; clock: Clock; ids: IdSource; limiter: RateLimiter };

/** The mail to CONTACT_TO: the sender's name and address, then the message. */
function contactMail(to: string, fields: v.InferOutput<typeof ContactFields>) {
  return {
    to,
    subject: `Wiadomość z formularza kontaktowego: ${fields.fromName}`,
    text: `${fields.fromName} <${fields.email}>\n\n${fields.message}`,
    html: `<p><strong>${escapeHtml(fields.fromName)}</strong> &lt;${escapeHtml(fields.email)}&gt;</p><p>${escapeHtml(fields.message).replace(/\n/g, '<br>')}</p>`,
  };
}

/** Receives a message: counts it against the sender's limit, stores it and queues its mail to CONTACT_TO in one transaction. */
export function createSend(rt: ContactRuntime) {
  return async function send(input: ContactInput, opts: { sender: string; lang: 'pl' | 'en' }): Promise<{ id: string }> {
    const id = rt.ids();
    const receive: ContactCommand = { type: 'ReceiveMessage', messageId: id, fields: input, lang: opts.lang, now: rt.clock().toISOString() };
    // An invalid message is refused before it counts against the sender's limit (the decider is pure: nothing is written).
    contactDecider.decide(receive, contactDecider.initialState());
    if (await rt.limiter.exceeded(contactCount(opts.sender))) throw new DomainError('rate-limited');
    const to = rt.config.CONTACT_TO;
    // Only read once the decider accepted the fields, so this parse succeeds.
    const fields = () => v.parse(ContactFields, input);
    await handleCommand(rt.kernel, contactDecider, contactStream(id), receive, {
      metadata: { actor: null },
      alongside: async (tx) => {
        const { fromName, email, message } = fields();
        await (tx as unknown as ModuleTx<ContactTables>).insertInto('contact_messages').values({ id, from_name: fromName, email, message, lang: opts.lang, received_at: receive.now }).execute();
      },
      outbox: () => (to ? [mailMessage(`contact:${id}`, contactMail(to, fields()))] : []),
    });
    return { id };
  };
}
