import { nobody, type Decider } from '../shared/kernel/index.ts';
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

export type IntroduceFacilitator = { type: 'IntroduceFacilitator'; facilitator: Facilitator };
export type FacilitatorState = { introduced: boolean };

/** A facilitator is introduced once: introducing them again records nothing. */
export const facilitatorDecider: Decider<IntroduceFacilitator, FacilitatorEvent, FacilitatorState> = {
  initialState: () => ({ introduced: false }),
  /** The public gallery: through the catalogue's changes (changes.ts), not any one user. */
  concerns: { FacilitatorIntroduced: nobody },
  evolve: () => ({ introduced: true }),
  decide: (command, state) => (state.introduced ? [] : [{ type: 'FacilitatorIntroduced', data: { facilitator: command.facilitator } }]),
};
