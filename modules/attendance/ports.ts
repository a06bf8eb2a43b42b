/** What attendance needs from other modules, handed over by the composition root (src/server/modules.ts). */

/** One session as attendance counts it: its instants and the hours it is worth (the catalogue's, default its length minus the break). */
export type SessionWorth = { id: string; start: string; end: string; hours: number };

/** When a certificate is earned: every session attended (the default), or at least `hours` hours attended. */
export type CertificateThreshold = { kind: 'every-session' } | { kind: 'min-hours'; hours: number };

/** `title`: the training's name in both languages, for the buyer's own view (the product's key when not given). */
export type AttendanceProduct = { key: string; sessions: SessionWorth[]; threshold: CertificateThreshold; title?: { pl: string; en: string } };

/** A purchase that holds (or held) a seat: whose, of what. */
export type AttendancePurchase = { purchaseId: string; userId: string; productKey: string };

/** A buyer on a product's list, for the admin's ticks and for matching a participant report (name and e-mail from accounts). */
export type AttendanceBuyer = { purchaseId: string; userId: string; name: string; email: string };

export type AttendancePorts = {
  /** Purchases' read of one paid (or once paid) purchase; null when there is none. */
  purchase: (purchaseId: string) => Promise<AttendancePurchase | null>;
  /** Purchases' read of the purchases a user holds now (paid or granted), one per product: its newest. */
  purchasesOf: (userId: string) => Promise<AttendancePurchase[]>;
  /** The catalogue's product with each session's hours and the certificate threshold; null when unknown. */
  product: (key: string) => Promise<AttendanceProduct | null>;
  /** The buyers holding the product now (paid or granted), erased ones left out; null for an unknown product. */
  buyers: (productKey: string) => Promise<AttendanceBuyer[] | null>;
};
