/** The shapes of the admin API as the panel reads them (common contract of issue 11). */
import type { AdminProduct } from '../../../modules/catalogue/index.ts';

export type { AdminProduct };
export type PaymentState = 'paid' | 'granted' | 'refundDue' | 'refunded' | 'mismatch' | 'partlyRefunded' | 'refundPending';
export type Attendee = {
  purchaseId: string; userId: string; name: string; email: string; phone: string; purchaseDate: string;
  amount: number; currency: string; state: PaymentState; reason: string | null;
  /** Whole units: refunds confirmed, and asked but not yet confirmed by the provider. */
  refundedAmount: number; refundPendingAmount: number;
};
export type Sum = { currency: string; count: number; amount: number };
export type AttendeeList = {
  product: { key: string; title: string; titleEn: string }; attendees: Attendee[]; totals: { paid: Sum[]; refunded: Sum[]; granted: number };
  /** The product's seats (capacity and free null: no limit); absent from an older server. */
  seats?: { capacity: number | null; sold: number; held: number; free: number | null };
};
export type User = {
  id: string; name: string; email: string; phone: string; role: 'admin' | 'user';
  purchasedVideos: { key: string; purchaseDate: string }[];
};
export type ApiVideo = { key: string; title: string; titleEn: string; date: string };
export type CampaignProgress = { total: number; sent: number; pending: number; failed: number; unsubscribed: number };
export type Campaign = CampaignProgress & { id: string; subject: string; target: string; startedAt: string };
export type AuditEntry = {
  position: number; at: string; type: string; event: string; actor: { id: string; name: string } | null;
  subject: { kind: 'product' | 'user' | 'campaign' | 'article'; id: string } | null; amount: number | null; currency: string | null; summary: string;
};
export type Paged<T> = { items: T[]; page: number; pageSize: number; total: number };
export type MailSummary = { id: string; recipient: string; subject: string; createdAt: string };
export type Mail = MailSummary & { text: string; html: string | null };

/** A product's title in the admin's language. */
export const titleIn = (p: { title: string; titleEn: string }, lang: 'pl' | 'en') => (lang === 'en' ? p.titleEn : p.title);
export type WorkView = 'upcoming' | 'failed';
/** GET /api/admin/background-work: the outbox's waiting work, never a payload. */
export type BackgroundWork = Paged<{
  id: number; topic: string; words: string; status: 'pending' | 'failed'; dueAt: string; attempts: number;
  lastError: string | null; inFlight: boolean; createdAt: string;
}> & {
  view: WorkView; topic: string | null;
  topics: { topic: string; words: string; pending: number; failed: number; nextDueAt: string | null }[];
};

/** GET /api/admin/system (issue 35): each item's facts as measured, and what to do when it needs attention. */
export type SystemItem = {
  id: string; status: 'ok' | 'attention'; facts: Record<string, string | number | boolean | null>; advice: string | null; whatToDo: string | null;
};
export type SystemReport = { checkedAt: string; status: 'ok' | 'attention'; groups: { id: string; items: SystemItem[] }[] };
