import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import type { Bilingual } from './product.ts';

/** A person who leads seminars, workshops and trainings; shown in the home page gallery with a bio. */
export type Facilitator = {
  id: string;
  name: string;
  /** Their photo: a site path (an upload under /media/uploads/, or an older static file under /media). */
  avatar: string;
  role: Bilingual;
  bio: Bilingual;
  /** Their place in the home page gallery, from 1; the gallery's order stream moves it (FacilitatorsReordered). */
  position: number;
};
/** What an admin edits of a facilitator: everything but their id and place. */
export type FacilitatorFields = Omit<Facilitator, 'id' | 'position'>;

export type FacilitatorIntroduced = { type: 'FacilitatorIntroduced'; data: { facilitator: Facilitator } };
export type FacilitatorRevised = { type: 'FacilitatorRevised'; data: { id: string; changes: Partial<FacilitatorFields> } };
/** Gone from the gallery and from the product editor's choice; products that named them had to let them go first. */
export type FacilitatorRetired = { type: 'FacilitatorRetired'; data: { id: string } };
/** A facilitator's own stream's events. */
export type FacilitatorStreamEvent = FacilitatorIntroduced | FacilitatorRevised | FacilitatorRetired;
export type FacilitatorEvent = FacilitatorStreamEvent | FacilitatorsReordered;
export const facilitatorStream = (id: string) => `facilitator-${id}`;

export type IntroduceFacilitator = { type: 'IntroduceFacilitator'; facilitator: Facilitator };
/** `changes` may repeat current values (the admin's form sends every field): only what differs is recorded. */
export type ReviseFacilitator = { type: 'ReviseFacilitator'; id: string; changes: Partial<FacilitatorFields> };
/** `usedBy`: the titles of the products that name this facilitator now (the handler reads them). */
export type RetireFacilitator = { type: 'RetireFacilitator'; id: string; usedBy: readonly string[] };
export type FacilitatorCommand = IntroduceFacilitator | ReviseFacilitator | RetireFacilitator;
export type FacilitatorState = { status: 'absent' | 'active' | 'retired'; facilitator: Facilitator | null };

/** The name is what pages show of a facilitator at the least: never blank. */
const validName = (name: string | undefined) => name === undefined || name.trim() !== '';

/**
 * A facilitator is introduced once (introducing them again records nothing, as the seed and the teachers'
 * migration may on every start); a revision needs an active one and records only what differs; retiring is
 * refused while a product names them (`facilitator-in-use`, naming the products), and happens once.
 */
export const facilitatorDecider: Decider<FacilitatorCommand, FacilitatorStreamEvent, FacilitatorState> = {
  initialState: () => ({ status: 'absent', facilitator: null }),
  /** The public gallery and every page naming them: through the catalogue's changes (changes.ts), not any one user. */
  concerns: { FacilitatorIntroduced: nobody, FacilitatorRevised: nobody, FacilitatorRetired: nobody },
  evolve(state, event) {
    switch (event.type) {
      case 'FacilitatorIntroduced': return { status: 'active', facilitator: event.data.facilitator };
      case 'FacilitatorRevised': return state.facilitator ? { ...state, facilitator: { ...state.facilitator, ...event.data.changes } } : state;
      case 'FacilitatorRetired': return { ...state, status: 'retired' };
      default: { const never: never = event; return never; }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'IntroduceFacilitator':
        if (!validName(command.facilitator.name)) throw new DomainError('facilitator-invalid');
        return state.status === 'absent' ? [{ type: 'FacilitatorIntroduced', data: { facilitator: command.facilitator } }] : [];
      case 'ReviseFacilitator': {
        if (state.status !== 'active' || !state.facilitator) throw new DomainError('facilitator-not-found', { id: command.id });
        if (!validName(command.changes.name)) throw new DomainError('facilitator-invalid');
        const current = state.facilitator;
        const changes = Object.fromEntries(Object.entries(command.changes)
          .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k as keyof FacilitatorFields]))) as Partial<FacilitatorFields>;
        return Object.keys(changes).length === 0 ? [] : [{ type: 'FacilitatorRevised', data: { id: command.id, changes } }];
      }
      case 'RetireFacilitator':
        if (state.status !== 'active') throw new DomainError('facilitator-not-found', { id: command.id });
        if (command.usedBy.length > 0) throw new DomainError('facilitator-in-use', { products: command.usedBy.join(', ') });
        return [{ type: 'FacilitatorRetired', data: { id: command.id } }];
      default: { const never: never = command; return never; }
    }
  },
};

/** The gallery's order: one stream, so a move is one event whatever the number of people it shifts. */
export const FACILITATOR_ORDER_STREAM = 'facilitators-order';
export type FacilitatorsReordered = { type: 'FacilitatorsReordered'; data: { order: string[] } };
/** `current`: the active facilitators' ids as the gallery holds them now (the handler reads them). */
export type ReorderFacilitators = { type: 'ReorderFacilitators'; order: readonly string[]; current: readonly string[] };

/**
 * A new order must name every active facilitator exactly once (`facilitator-order-stale` when someone was added or
 * retired meanwhile); the same order as now records nothing.
 */
export const facilitatorOrderDecider: Decider<ReorderFacilitators, FacilitatorsReordered, null> = {
  initialState: () => null,
  concerns: { FacilitatorsReordered: nobody },
  evolve: (state) => state,
  decide({ order, current }) {
    const same = order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
    if (!same) throw new DomainError('facilitator-order-stale');
    return order.every((id, i) => current[i] === id) ? [] : [{ type: 'FacilitatorsReordered', data: { order: [...order] } }];
  },
};
