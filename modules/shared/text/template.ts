/** Fills `{name}` placeholders of a message; a placeholder without a value stays as written. */
export const fillTemplate = (text: string, vars: Readonly<Record<string, string | number>>) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in vars ? String(vars[name]) : placeholder));
