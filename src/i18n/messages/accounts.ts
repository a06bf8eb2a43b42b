/** Messages of the accounts area. Keys are prefixed with "accounts." or a page name; every key needs both languages. */
export const pl = {} as const;

export const en: Record<keyof typeof pl, string> = {};
