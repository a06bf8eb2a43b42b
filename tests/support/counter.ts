import { DomainError, nobody, type Decider } from '../../modules/shared/kernel/index.ts';

/**
 * A counter per stream, for the kernel's tests: each Add records the count it saw plus one, so an event decided on a
 * stale state shows in its data. `refuse` makes the decider refuse; `poison` records an event a test projection rejects.
 */
export type Add = { type: 'Add'; refuse?: boolean; poison?: boolean };
export type Added = { type: 'Added' | 'Poison'; data: { n: number } };
export const counter: Decider<Add, Added, { n: number }> = {
  initialState: () => ({ n: 0 }),
  concerns: { Added: nobody, Poison: nobody },
  evolve: (_state, event) => ({ n: event.data.n }),
  decide(command, state) {
    if (command.refuse) throw new DomainError('refused', { at: state.n });
    return [{ type: command.poison ? 'Poison' : 'Added', data: { n: state.n + 1 } }];
  },
};
