import { Readable } from 'node:stream';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { startSmtp } from '/work/wt-campaigns/tests/support/smtp.ts';
const smtp = await startSmtp();
const t = createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, opportunisticTLS: true, logger: false });
const raw = await new MailComposer({ from: 'a@b.c', to: 'x@y.z', subject: 'hi\r\nBcc: evil@x', text: 'hello\n.\nthere', html: '<p>x</p>', messageId: '<m1@x>', headers: { 'List-Unsubscribe': '<https://x/u/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }).compile().build();
function stream(fail: boolean) {
  let sent = false;
  return new Readable({ read() {
    if (!sent) { sent = true; this.push(raw); return; }
    setTimeout(() => fail ? this.destroy(new Error('claim lost')) : this.push(null), 300);
  } });
}
try { await t.sendMail({ envelope: { from: 'a@b.c', to: ['x@y.z'] }, raw: stream(true) }); console.log('sent?!'); } catch (e) { console.log('err', (e as Error).message, (e as any).code); }
await new Promise((r) => setTimeout(r, 500));
console.log('received after fail', smtp.received.length, 'dataStarted', smtp.dataStarted());
const info = await t.sendMail({ envelope: { from: 'a@b.c', to: ['x@y.z'] }, raw: stream(false) });
await smtp.waitFor(1);
console.log('received', smtp.received.length, smtp.received[0]!.parsed.subject, smtp.received[0]!.parsed.headers.get('list-unsubscribe-post'), smtp.received[0]!.parsed.messageId, JSON.stringify(smtp.received[0]!.parsed.text));
console.log(smtp.received[0]!.raw.slice(0, 600));
await smtp.close();
