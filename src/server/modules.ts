import { createAccounts } from '../../modules/accounts/index.ts';
import { createCatalogue } from '../../modules/catalogue/index.ts';
import { createMailing } from '../../modules/mailing/index.ts';
import { createPurchases } from '../../modules/purchases/index.ts';
import type { ModuleContext } from '../../modules/shared/module.ts';
import type { OutboxHandler } from '../../modules/shared/outbox/index.ts';

/**
 * The composition root: builds each module, registers its projections with the store and its
 * outbox handlers with the worker, and seeds an empty database with the demo content.
 */
export function wireModules(ctx: ModuleContext, web: { origin: () => string } = { origin: () => ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}` }) {
  const mailing = createMailing(ctx);
  const accounts = createAccounts(ctx, { mailing });
  const catalogue = createCatalogue(ctx);
  const purchases = createPurchases(ctx, {
    // Adapters to the catalogue and accounts read models; they arrive with those modules.
    products: async () => null,
    productKeyForPrice: async () => null,
    buyers: async () => null,
    origin: web.origin,
  });
  for (const projection of [...accounts.projections, ...catalogue.projections, ...purchases.projections]) ctx.store.addProjection(projection);
  const outboxHandlers: Record<string, OutboxHandler> = { ...mailing.outboxHandlers };
  return {
    services: { mailing, accounts, catalogue, purchases },
    outboxHandlers,
    async seed() {
      await accounts.seed();
      await catalogue.seed();
    },
  };
}

export type Services = ReturnType<typeof wireModules>['services'];
