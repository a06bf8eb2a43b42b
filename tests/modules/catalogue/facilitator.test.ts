import { describe, it } from 'vitest';
import {
  facilitatorDecider, facilitatorOrderDecider, type Facilitator, type FacilitatorStreamEvent,
} from '../../../modules/catalogue/facilitator.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const facilitators = deciderSpec(facilitatorDecider);
const order = deciderSpec(facilitatorOrderDecider);
const marta: Facilitator = {
  id: 'marta', name: 'Marta Zielińska', avatar: '/media/uploads/0123456789abcdef0123456789abcdef-800x800', position: 1,
  role: { pl: 'Psychoterapeutka', en: 'Psychotherapist' }, bio: { pl: 'Bio', en: 'Bio' },
};
const introduced: FacilitatorStreamEvent = { type: 'FacilitatorIntroduced', data: { facilitator: marta } };
const retired: FacilitatorStreamEvent = { type: 'FacilitatorRetired', data: { id: 'marta' } };

describe('a new facilitator', () => {
  it('is introduced', () => facilitators.given([]).when({ type: 'IntroduceFacilitator', facilitator: marta }).then([introduced]));
  it('is not introduced without a name', () =>
    facilitators.given([]).when({ type: 'IntroduceFacilitator', facilitator: { ...marta, name: '  ' } }).thenThrows('facilitator-invalid'));
  it('cannot be revised or retired before being introduced', () => {
    facilitators.given([]).when({ type: 'ReviseFacilitator', id: 'marta', changes: { name: 'M' } }).thenThrows('facilitator-not-found');
    facilitators.given([]).when({ type: 'RetireFacilitator', id: 'marta', usedBy: [] }).thenThrows('facilitator-not-found');
  });
});

describe('an introduced facilitator', () => {
  it('is not introduced twice (the seed and the migration run on every start)', () =>
    facilitators.given([introduced]).when({ type: 'IntroduceFacilitator', facilitator: { ...marta, name: 'Other' } }).thenNothing());
  it('records only the fields that change', () =>
    facilitators.given([introduced]).when({ type: 'ReviseFacilitator', id: 'marta', changes: { name: marta.name, role: marta.role, bio: { pl: 'Nowe', en: 'New' } } })
      .then([{ type: 'FacilitatorRevised', data: { id: 'marta', changes: { bio: { pl: 'Nowe', en: 'New' } } } }]));
  it('records nothing when the form repeats every value', () =>
    facilitators.given([introduced]).when({ type: 'ReviseFacilitator', id: 'marta', changes: { name: marta.name, avatar: marta.avatar, role: marta.role, bio: marta.bio } }).thenNothing());
  it('keeps a name', () =>
    facilitators.given([introduced]).when({ type: 'ReviseFacilitator', id: 'marta', changes: { name: '' } }).thenThrows('facilitator-invalid'));
  it('is retired when no product names them', () =>
    facilitators.given([introduced]).when({ type: 'RetireFacilitator', id: 'marta', usedBy: [] }).then([retired]));
  it('is not retired while products name them, and the refusal names those products', () =>
    facilitators.given([introduced]).when({ type: 'RetireFacilitator', id: 'marta', usedBy: ['Wstyd w relacji', 'Teoria pola'] })
      .thenThrows('facilitator-in-use', { products: 'Wstyd w relacji, Teoria pola' }));
});

describe('a retired facilitator', () => {
  it('cannot be retired again or revised', () => {
    facilitators.given([introduced, retired]).when({ type: 'RetireFacilitator', id: 'marta', usedBy: [] }).thenThrows('facilitator-not-found');
    facilitators.given([introduced, retired]).when({ type: 'ReviseFacilitator', id: 'marta', changes: { name: 'M' } }).thenThrows('facilitator-not-found');
  });
});

describe('the gallery order', () => {
  it('moves people as asked', () =>
    order.given([]).when({ type: 'ReorderFacilitators', order: ['b', 'a', 'c'], current: ['a', 'b', 'c'] })
      .then([{ type: 'FacilitatorsReordered', data: { order: ['b', 'a', 'c'] } }]));
  it('records nothing for the order it already has', () =>
    order.given([]).when({ type: 'ReorderFacilitators', order: ['a', 'b'], current: ['a', 'b'] }).thenNothing());
  it('is refused when it leaves someone out, names someone twice or names a stranger (the list changed meanwhile)', () => {
    order.given([]).when({ type: 'ReorderFacilitators', order: ['a'], current: ['a', 'b'] }).thenThrows('facilitator-order-stale');
    order.given([]).when({ type: 'ReorderFacilitators', order: ['a', 'a'], current: ['a', 'b'] }).thenThrows('facilitator-order-stale');
    order.given([]).when({ type: 'ReorderFacilitators', order: ['a', 'x'], current: ['a', 'b'] }).thenThrows('facilitator-order-stale');
  });
});
