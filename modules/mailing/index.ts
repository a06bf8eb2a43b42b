import type { ModuleContext } from '../shared/module.ts';
import { devMailboxSender, mailHandler, smtpSender } from './delivery.ts';
import { MAIL_TOPIC } from './mail.ts';

export { MAIL_TOPIC, mailMessage, linksIn, escapeHtml, type Mail, type MailAttachment } from './mail.ts';
export { smtpSender, devMailboxSender, type SendMail } from './delivery.ts';

export type DevMailboxEntry = { id: number; recipient: string; subject: string; text: string; html: string; createdAt: Date };

export function createMailing(ctx: ModuleContext) {
  const domain = new URL(ctx.config.PUBLIC_URL).hostname;
  const send = ctx.config.SMTP_URL ? smtpSender(ctx.config.SMTP_URL, ctx.config.MAIL_FROM) : devMailboxSender(ctx.db, ctx.log);
  return {
    outboxHandlers: { [MAIL_TOPIC]: mailHandler(send, domain) },
    /** The dev mailbox, newest first (empty when SMTP_URL is set). */
    async devMailbox(limit = 100): Promise<DevMailboxEntry[]> {
      const rows = await ctx.db.selectFrom('dev_mailbox').select(['id', 'recipient', 'subject', 'text', 'html', 'created_at'])
        .orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, recipient: r.recipient, subject: r.subject, text: r.text, html: r.html, createdAt: r.created_at }));
    },
  };
}

export type Mailing = ReturnType<typeof createMailing>;
