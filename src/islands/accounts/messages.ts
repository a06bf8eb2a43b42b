import type { MessageKey, Translate } from '../../i18n/index.ts';

/** The few translated strings an island needs, picked on the server so the bundle carries no catalogue. */
export type Messages<K extends MessageKey> = Record<K, string>;

export const pick = <K extends MessageKey>(t: Translate, keys: readonly K[]): Messages<K> =>
  Object.fromEntries(keys.map((k) => [k, t(k)])) as Messages<K>;
