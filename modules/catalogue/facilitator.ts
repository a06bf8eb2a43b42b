import type { Bilingual } from './product.ts';

/** A person who leads seminars, workshops and trainings; shown in the home page gallery with a bio. */
export type Facilitator = {
  id: string;
  name: string;
  avatar: string;
  role: Bilingual;
  bio: Bilingual;
  position: number;
};

export type FacilitatorIntroduced = { type: 'FacilitatorIntroduced'; data: { facilitator: Facilitator } };
export type FacilitatorEvent = FacilitatorIntroduced;
export const facilitatorStream = (id: string) => `facilitator-${id}`;
