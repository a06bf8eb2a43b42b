import { createContext, useContext } from 'react';
import { fillTemplate } from '../../../modules/shared/text/index.ts';
import type { pl } from '../../i18n/messages/admin-panel.ts';

/** The steps of a product's seats stream and the reasons they carry, as the waiting list's history names them. */
export const WAITLIST_EVENTS = ['SeatHeld', 'SeatTaken', 'SeatReleased', 'WaitlistJoined', 'WaitlistLeft', 'SeatOffered', 'OfferEnded', 'WaitlistClosed'] as const;
export const WAITLIST_REASONS = ['expired', 'replaced', 'abandoned', 'duplicate', 'refund', 'withdrawal', 'ended', 'left', 'bought', 'accepted', 'declined', 'closed'] as const;
const WAITLIST_PANEL_KEYS = [
  'waitlist.panel.title', 'waitlist.panel.empty', 'waitlist.panel.position', 'waitlist.panel.joined', 'waitlist.panel.offer',
  'waitlist.panel.history', 'waitlist.panel.closed', 'waitlist.panel.at', 'waitlist.panel.step', 'waitlist.panel.person',
  ...WAITLIST_EVENTS.map((e) => `waitlist.event.${e}` as const), ...WAITLIST_REASONS.map((r) => `waitlist.reason.${r}` as const),
] as const;

/** The API's own messages (admin.ts, campaigns.ts, purchases.ts) the panel falls back to or labels columns with. */
export const SHARED_KEYS = [
  'admin.loadFailed', 'admin.deleteFailed', 'admin.articleAddFailed', 'admin.articleDeleteFailed', 'admin.unknownFilm', 'campaigns.failed',
  'admin.attendees.name', 'admin.attendees.email', 'admin.attendees.phone', 'admin.attendees.purchaseDate',
  'admin.attendees.amount', 'admin.attendees.state', 'admin.attendees.reason', 'admin.attendees.state.paid', 'admin.attendees.state.granted',
  'admin.attendees.state.refundDue', 'admin.attendees.state.refunded', 'admin.attendees.state.mismatch',
  // refunds (messages/refunds.ts)
  'admin.attendees.state.partlyRefunded', 'admin.attendees.state.refundPending', 'admin.attendees.refunded',
  'admin.refund.open', 'admin.refund.title', 'admin.refund.full', 'admin.refund.partial', 'admin.refund.amount', 'admin.refund.reason',
  'admin.refund.revoke', 'admin.refund.confirm', 'admin.refund.submit', 'admin.refund.cancel', 'admin.refund.done', 'admin.refund.pending',
  'refund.invalidAmount', 'refund.exceedsPaid', 'refund.reasonMissing',
  // invoices (messages/invoicing.ts): a document's kind and KSeF state, as the CSV says them
  'invoices.kind.invoice', 'invoices.kind.correction', 'invoices.ksef.none', 'invoices.ksef.off', 'invoices.ksef.queued',
  'invoices.ksef.failed', 'invoices.ksef.accepted', 'invoices.ksef.rejected',
  // the waiting list (messages/waitlist.ts): its columns, and each step and reason of its history
  ...WAITLIST_PANEL_KEYS,
] as const;

export type PanelKey = keyof typeof pl | (typeof SHARED_KEYS)[number];
export type PanelMessages = Record<PanelKey, string>;
export type Say = (key: PanelKey, vars?: Record<string, string | number>) => string;

/**
 * `vatRates`: the VAT rates an invoice may carry, handed in by the page (the invoicing door is server-only: it brings
 * the PDF renderer, which must stay out of the browser bundle).
 */
export type Panel = { say: Say; lang: 'pl' | 'en'; vatRates: readonly number[] };

export const sayFrom = (m: PanelMessages): Say => (key, vars) => (vars ? fillTemplate(m[key], vars) : m[key]);

export const PanelContext = createContext<Panel | null>(null);

/** The panel's strings (picked on the server, in the admin's language) and that language. */
export function usePanel(): Panel {
  const panel = useContext(PanelContext);
  if (!panel) throw new Error('usePanel outside the admin panel');
  return panel;
}
