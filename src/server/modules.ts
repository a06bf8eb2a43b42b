import { createAccounts } from '../../modules/accounts/index.ts';
import { createCatalogue } from '../../modules/catalogue/index.ts';
import { createContact } from '../../modules/contact/index.ts';
import { createMailing } from '../../modules/mailing/index.ts';
import type { ModuleContext } from '../../modules/shared/module.ts';
import type { OutboxHandler } from '../../modules/shared/outbox/index.ts';
import { invalidatePages } from './page-cache.ts';

/**
 * The composition root: builds each module, registers its projections with the store and its
 * outbox handlers with the worker, and seeds an empty database with the demo content.
 */
export function wireModules(ctx: ModuleContext) {
  const mailing = createMailing(ctx);
  const accounts = createAccounts(ctx, { mailing });
  const catalogue = createCatalogue(ctx);
  const contact = createContact(ctx);
  // A committed catalogue or article change drops the cached public pages that show it.
  catalogue.onChange((change) => void invalidatePages([change]));
  for (const projection of [...accounts.projections, ...catalogue.projections]) ctx.store.addProjection(projection);
  const outboxHandlers: Record<string, OutboxHandler> = { ...mailing.outboxHandlers };
  return {
    services: { mailing, accounts, catalogue, contact },
    outboxHandlers,
    async seed() {
      await accounts.seed();
      await catalogue.seed();
    },
  };
}

export type Services = ReturnType<typeof wireModules>['services'];
