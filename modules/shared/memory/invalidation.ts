/**
 * The guard "a read that began before an invalidation is not kept": take a ticket before asking the database (or
 * rendering), and keep what came back only while the ticket holds. An invalidation that lands while the read is
 * in flight would otherwise be undone by the stale answer stored after it.
 *
 *   const ticket = invalidation.ticket();
 *   const value = await read();
 *   if (invalidation.holds(ticket)) keep(value);
 *
 * One per thing that is invalidated as a whole (a user's memory, the public catalogue, the articles).
 */
export function createInvalidation() {
  let count = 0;
  return {
    /** Taken before the read begins. */
    ticket: (): number => count,
    /** Whether nothing was invalidated since `ticket` was taken: what the read found may be kept. */
    holds: (ticket: number): boolean => ticket === count,
    /** Whatever is being read now, or was read before, is stale. */
    invalidate(): void { count += 1; },
  };
}

export type Invalidation = ReturnType<typeof createInvalidation>;
