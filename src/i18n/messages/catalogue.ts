/** Messages of the catalogue area. Keys are prefixed with "catalogue." or a page name; every key needs both languages. */
export const pl = {} as const;

export const en: Record<keyof typeof pl, string> = {};
