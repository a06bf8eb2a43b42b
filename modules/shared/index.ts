export type { ModuleContext } from './module.ts';
