import { randomUUID } from 'node:crypto';
import { escapeHtml, mailMessage } from '../mailing/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { hit, type Limit } from './rate-limit.ts';

/** Spec 3: a contact message is fromName, email, message; all required (spec 5). */
export type ContactInput = { fromName: string; email: string; message: string };

/** The spec sets no throttle; ours: five messages per sender address per ten minutes. */
export const CONTACT_LIMIT: Limit = { max: 5, windowMs: 10 * 60_000 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and within sane lengths, or null. */
export function validContact(input: ContactInput): ContactInput | null {
  const fromName = input.fromName.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!fromName || !email || !message) return null;
  if (fromName.length > 200 || email.length > 320 || message.length > 5000 || !EMAIL.test(email)) return null;
  return { fromName, email, message };
}

export type SendResult = { ok: true; id: string } | { ok: false; error: 'invalid' | 'rate-limited' };

/** Contact: messages from the home page and /kontakt, stored and e-mailed to CONTACT_TO through the outbox. */
export function createContact(ctx: ModuleContext) {
  return {
    projections: [],
    async send(input: ContactInput, opts: { sender: string; lang: 'pl' | 'en'; now?: Date }): Promise<SendResult> {
      const valid = validContact(input);
      if (!valid) return { ok: false, error: 'invalid' };
      const id = randomUUID();
      const to = ctx.config.CONTACT_TO;
      const result = await ctx.db.transaction().execute(async (tx) => {
        if (!(await hit(tx, `contact:${opts.sender}`, CONTACT_LIMIT, opts.now ?? new Date()))) return null;
        await tx.insertInto('contact_messages').values({ id, from_name: valid.fromName, email: valid.email, message: valid.message, lang: opts.lang }).execute();
        const subject = `Wiadomość z formularza kontaktowego: ${valid.fromName}`;
        const text = `${valid.fromName} <${valid.email}>\n\n${valid.message}`;
        const html = `<p><strong>${escapeHtml(valid.fromName)}</strong> &lt;${escapeHtml(valid.email)}&gt;</p><p>${escapeHtml(valid.message).replace(/\n/g, '<br>')}</p>`;
        return ctx.store.append(`contact-${id}`, 0, [{ type: 'ContactMessageReceived', data: { messageId: id, lang: opts.lang } }], {
          tx, metadata: { actor: null },
          outbox: to ? [mailMessage(`contact:${id}`, { to, subject, text, html })] : [],
        });
      });
      if (!result) return { ok: false, error: 'rate-limited' };
      ctx.store.committed(result.events);
      if (!to) ctx.log.warn({ messageId: id }, 'contact message stored, but CONTACT_TO is not set: nobody is mailed');
      return { ok: true, id };
    },
  };
}

export type Contact = ReturnType<typeof createContact>;
