/**
 * What the catalogue asks of whoever sells products (the purchases module, handed over by the
 * composition root in src/server/modules.ts): pages mark owned items and send owners to watch them.
 */
export type OwnershipPort = {
  /** The keys of the products `userId` may watch now. */
  ownedKeys(userId: string): Promise<readonly string[]>;
  /** When `ownedKeys(userId)` next changes by the clock alone (an access window ending); null when it will not. */
  ownershipChangesAt(userId: string): Promise<Date | null>;
  /** A product's recording and live links for its owner inside the access window; nothing for anyone else. */
  linksFor(userId: string | null, key: string): Promise<{ watchURL?: string; meetLink?: string }>;
};

/** A catalogue with nobody selling it (tests of the catalogue alone): nobody owns anything. */
export const nobodyOwnsAnything: OwnershipPort = { ownedKeys: async () => [], ownershipChangesAt: async () => null, linksFor: async () => ({}) };

/** What the catalogue asks of whoever sells seats (issue 24): a capacity may not go below the seats already sold. */
export type SeatsPort = {
  /** The seats of product `key` paid for and not given back. */
  sold(key: string): Promise<number>;
};
