import * as v from 'valibot';
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { emailAddress } from '../shared/text/index.ts';

/**
 * One contact message's stream. The message itself (name, e-mail, text) is personal data: the decider checks
 * it, the event keeps only its id and language, and the text is written beside the event (contact_messages).
 */
export type ContactInput = { fromName: string; email: string; message: string };

export const MAX_NAME = 200;
export const MAX_MESSAGE = 5000;
const filled = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max));
/** Spec 3 and 5: fromName, email and message, all required; ours: within sane lengths (trimmed), a real address. */
export const ContactFields = v.object({ fromName: filled(MAX_NAME), email: emailAddress(), message: filled(MAX_MESSAGE) });

export type ContactEvent =
  | { type: 'ContactMessageReceived'; data: { messageId: string; lang: 'pl' | 'en'; receivedAt: string } }
  /** An admin opened the message in the panel's inbox; who is in the event's metadata (actor). */
  | { type: 'ContactMessageRead'; data: { messageId: string; readAt: string } };
export type ContactCommand =
  | { type: 'ReceiveMessage'; messageId: string; fields: ContactInput; lang: 'pl' | 'en'; now: string }
  | { type: 'MarkRead'; messageId: string; now: string };
export type ContactState = { status: 'none' } | { status: 'received'; read: boolean };

export const contactStream = (messageId: string) => `contact-${messageId}`;

export function decide(command: ContactCommand, state: ContactState): ContactEvent[] {
  if (command.type === 'MarkRead') {
    if (state.status === 'none') throw new DomainError('contact-message-not-found');
    // Opening a message again changes nothing: it was read the first time.
    return state.read ? [] : [{ type: 'ContactMessageRead', data: { messageId: command.messageId, readAt: command.now } }];
  }
  // The same message twice (a retried request) is received once.
  if (state.status === 'received') return [];
  if (!v.is(ContactFields, command.fields)) throw new DomainError('contact-invalid');
  return [{ type: 'ContactMessageReceived', data: { messageId: command.messageId, lang: command.lang, receivedAt: command.now } }];
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  decide,
  evolve: (state, event) => (event.type === 'ContactMessageReceived' ? { status: 'received', read: false } : event.type === 'ContactMessageRead' ? { status: 'received', read: true } : state),
  initialState: () => ({ status: 'none' }),
  /** A message is the institute's to read: no user's view changes (its sender may not even have an account). */
  concerns: { ContactMessageReceived: nobody, ContactMessageRead: nobody },
};
