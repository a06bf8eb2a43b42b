import type { InstituteData, Language } from './document.ts';

/**
 * Attendance's answer (modules/attendance, contract of issue 25), typed here as the contract writes it so
 * certificates does not depend on attendance's module: the composition root hands `summaryOf` over as it is.
 */
export type SessionAttendance = {
  sessionId: string; start: string; end: string; hoursOffered: number; present: boolean | null; minutes: number | null;
  source: 'join-click' | 'admin' | 'import' | null;
  /** The hours the session counts (attendance's hoursCounted rule); absent: its full hours when present. */
  hoursCounted?: number;
};
export type AttendanceSummary = {
  purchaseId: string; userId: string; productKey: string;
  hoursOffered: number; hoursAttended: number; sessions: SessionAttendance[]; meetsThreshold: boolean;
};

/** What certificates needs from other modules, handed over by the composition root (src/server/modules.ts). */
export type CertificatePorts = {
  attendance(purchaseId: string): Promise<AttendanceSummary | null>;
  /** The account's holder as of now (null: no account, or erased). */
  holder(userId: string): Promise<{ name: string; email: string; language: Language } | null>;
  product(key: string): Promise<{ title: { pl: string; en: string }; sessions: { start: string; end: string }[]; place: { pl: string; en: string }; facilitators: string[] } | null>;
  /** The institute as the certificate names it (invoicing's seller); null: the site's name alone. */
  institute(): Promise<{ name: string; addressLines: string[]; nip?: string | null } | null>;
  origin(): string;
};

export type { InstituteData };
