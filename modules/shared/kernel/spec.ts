import { expect } from 'vitest';
import type { NewEvent } from '../events/types.ts';
import { DomainError, fold, type Decider } from './decider.ts';

/**
 * Given/when/then for one decider, without a database:
 * `given([started]).when(complete).then([completed])`, `.thenThrows('checkout-mismatch')`, `.thenNothing()`.
 * Only tests import this file (it uses vitest's expect); modules import the kernel's index.
 */
export function deciderSpec<C, E extends NewEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(history: readonly E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, fold(decider, history));
          return {
            // `then` reads as the examples' given/when/then; this object is never awaited.
            // oxlint-disable-next-line unicorn/no-thenable
            then(expected: E[]) { expect(run()).toEqual(expected); },
            thenNothing() { expect(run()).toEqual([]); },
            thenThrows(code: string, data?: Record<string, unknown>) {
              let thrown: unknown;
              try { run(); } catch (error) { thrown = error; }
              expect(thrown, `expected the rule ${code} to refuse the command`).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
              if (data) expect((thrown as DomainError).data).toMatchObject(data);
            },
            /** The state after the history and the decided events, to check what evolve makes of them. */
            state: () => { const events = run(); return events.reduce(decider.evolve, fold(decider, history)); },
          };
        },
      };
    },
  };
}
