/** The site's public origin for links in mail and redirects: PUBLIC_URL when set, else the request's. */
export const publicOrigin = (publicUrl: string | undefined, url: URL) => (publicUrl ? new URL(publicUrl).origin : url.origin);
