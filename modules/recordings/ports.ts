/** What recordings asks of other modules, through the composition root (src/server/modules.ts). */
export type RecordingsPorts = {
  /**
   * The end of `userId`'s access to `productKey` when they may watch it now (paid, inside the window, not refunded or
   * withdrawn: purchases decides, as for the watch page); null otherwise.
   */
  accessUntil(userId: string, productKey: string): Promise<Date | null>;
};
