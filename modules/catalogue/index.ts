import type { Projection } from '../shared/events/index.ts';
import type { ModuleContext } from '../shared/module.ts';

/** Catalogue: products (seminars, workshops, trainings), facilitators, articles. (Skeleton: filled in by the catalogue issue.) */
export function createCatalogue(_ctx: ModuleContext) {
  return {
    projections: [] as Projection[],
    /** Seeds an empty catalogue with the demo content. */
    async seed(): Promise<void> {},
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
