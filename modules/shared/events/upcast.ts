/**
 * Upcasting: an event recorded in an older shape is read in today's shape, every time it is read (the kernel's
 * stream reads, the followers, a rebuild of the read models), and never rewritten in the log. A module registers
 * one pure function per event type at load (its index imports the file that does); the function returns the data
 * unchanged when it is already in today's shape, so upcasting twice changes nothing. Rows of the log that SQL
 * reads directly (the audit's lists) are not upcast: those read only fields whose shape never changed.
 */
type Upcaster = (data: unknown) => unknown;

const upcasters = new Map<string, Upcaster[]>();

/** Registers a step for `type`; steps run in registration order, each on the previous one's answer. */
export function registerUpcaster(type: string, up: Upcaster): void {
  upcasters.set(type, [...(upcasters.get(type) ?? []), up]);
}

/** The event's data in today's shape. */
export function upcast(type: string, data: unknown): unknown {
  const steps = upcasters.get(type);
  return steps ? steps.reduce((d, up) => up(d), data) : data;
}
