/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The booted runtime as routes see it: config, logger, module services (never the database or event store). */
    runtime: import('./server/runtime.ts').WebRuntime;
    /** Polish unless the visitor chose English. */
    lang: import('./i18n/index.ts').Lang;
    t: import('./i18n/index.ts').Translate;
    requestId: string;
    /** The client's address and scheme, as far as TRUST_PROXY lets us believe forwarding headers. */
    client: import('./server/client.ts').Client;
    /** Set by a route whose answer must not be kept although its route may be (src/server/page-cache/keep.ts). */
    keepNot?: boolean;
    /** The signed-in user, checked on the server for every request; null for visitors. */
    user: import('../modules/accounts/index.ts').SessionUser | null;
  }
}
