import type { RecordedEvent } from '../shared/events/index.ts';
import { articleStream } from './article.ts';
import { FACILITATOR_ORDER_STREAM, facilitatorStream } from './facilitator.ts';
import { productStream } from './product.ts';

/** What changed, so the web layer can drop cached pages: `catalogue` (products, facilitators) or `articles`. */
export type CatalogueChange = 'catalogue' | 'articles';

/**
 * What a batch of committed events changed for the public pages, read from their streams: on any
 * instance, for events appended by any instance (the composition root follows the log).
 */
export function changesIn(events: readonly RecordedEvent[]): CatalogueChange[] {
  const changes = new Set<CatalogueChange>();
  for (const e of events) {
    if (e.streamId.startsWith(productStream('')) || e.streamId.startsWith(facilitatorStream('')) || e.streamId === FACILITATOR_ORDER_STREAM) {
      changes.add('catalogue');
    }
    if (e.streamId.startsWith(articleStream(''))) changes.add('articles');
  }
  return [...changes];
}
