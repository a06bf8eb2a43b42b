import type { Facilitator } from './facilitator.ts';
import type { Product, Teacher } from './product.ts';

const teacherOf = (f: Facilitator): Teacher => ({ img: f.avatar, text: f.name, desc: f.bio.pl, descEn: f.bio.en });

/**
 * The product as pages show it: its leader (`channel`, `avatar`) and `teachers` read from the facilitators it
 * names, as they are now, so a facilitator's new photo or bio shows on every product at the next request. A product
 * recorded before facilitators were chosen (no `facilitators` yet) keeps what was typed.
 */
export function withFacilitators(product: Product, facilitators: ReadonlyMap<string, Facilitator>): Product {
  if (!Array.isArray(product.facilitators)) return product;
  const chosen = product.facilitators.map((id) => facilitators.get(id)).filter((f): f is Facilitator => f !== undefined);
  const lead = chosen[0];
  return { ...product, channel: lead?.name ?? '', avatar: lead?.avatar ?? '', teachers: chosen.map(teacherOf) };
}

/** A name as people type it, for matching a typed teacher to a facilitator: case, spaces and accents aside. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
};
