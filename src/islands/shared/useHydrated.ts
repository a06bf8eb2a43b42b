import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's markup and during hydration, true from the first client render on. An island form's submit
 * button is disabled until then: the server-rendered form has no handler yet, and a native submit would post to the
 * page itself and show a raw JSON 405. A form first mounted on the client (a dialog, a later step) is enabled at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
