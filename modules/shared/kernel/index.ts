export {
  DomainError, fixedClock, fold, isDomainError, randomIds, systemClock,
  type Clock, type Decider, type IdSource,
} from './decider.ts';
export { handleCommand, loadState, type CommandDeps, type CommandOptions, type Decided } from './handle-command.ts';
export type { ModuleContext } from './module.ts';
