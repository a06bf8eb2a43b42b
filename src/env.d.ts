/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The booted runtime: config, database, event store, logger. */
    runtime: import('./server/runtime.ts').Runtime;
    /** Polish unless the visitor chose English. */
    lang: import('./i18n/index.ts').Lang;
    t: import('./i18n/index.ts').Translate;
    requestId: string;
    /** The signed-in user, checked on the server for every request; null for visitors. */
    user: import('../modules/accounts/index.ts').SessionUser | null;
  }
}
