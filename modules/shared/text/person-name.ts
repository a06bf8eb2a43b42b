/**
 * A person's name as the site accepts it at registration, and as mail may greet with: one line of letters
 * (any script, with their combining marks: Polish and other names), single spaces, hyphens and apostrophes
 * between letters, and a period after a letter that ends the name or a word ("Jr.", "J. Nowak"). No digits, no
 * `@`, `:` or `/`, and no period inside a word, so nothing in it reads as a link or an address, and nobody can
 * make the institute mail their own words to an address of their choice.
 */
export const PERSON_NAME_MAX = 100;

const NAME = /^\p{L}\p{M}*(?:\p{L}\p{M}*|[ '’-](?=\p{L})|\.(?=$|[ -]))*$/u;

/** Whether `name` (already trimmed) is a name by the rule above. */
export const isPersonName = (name: string): boolean => name.length <= PERSON_NAME_MAX && NAME.test(name);

/**
 * A greeting template (`"Dzień dobry {name},"`) for this recipient: with their name when it is a name by the rule,
 * else without it ("Dzień dobry,"), for accounts stored before the rule.
 */
export const greeting = (template: string, name: string): string =>
  (isPersonName(name) ? template.replace('{name}', name) : template.replace(/ ?\{name\}/, ''));
