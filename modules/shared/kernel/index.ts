export {
  DomainError, fixedClock, fold, isDomainError, randomIds, systemClock, systemWait,
  type Clock, type Decider, type IdSource, type Wait,
} from './decider.ts';
export { nobody, usersConcerned, type Concerns } from './concerns.ts';
export { appendAlongside, handleCommand, loadState } from './handle-command.ts';
export type { CommandDeps, CommandOptions, Decided } from './types.ts';
export type { ModuleContext } from './module.ts';
