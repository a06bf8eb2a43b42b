import type { OperationsPorts } from './ports.ts';
import { systemReport } from './report.ts';

export type { BackupFacts, BuildFacts, FollowerLag, Lane, OperationsPorts, TopicBacklog } from './ports.ts';
export { ADVICE, type Advice, type Fact, type Status, type SystemItem } from './rules.ts';
export { GROUPS, type GroupId, type SystemGroup, type SystemReport } from './report.ts';

/**
 * Operations (issue 35): the admin's system page. It keeps no state of its own; each item is asked of a port when the
 * page is opened, and judged by the rules in rules.ts.
 */
export function createOperations(ports: OperationsPorts, options: { onError?: (error: unknown, item: string) => void } = {}) {
  return {
    /** Every item of the system page, each ok or needing attention with what to do. */
    report: () => systemReport(ports, options.onError),
  };
}

export type Operations = ReturnType<typeof createOperations>;
