/**
 * Where the sign-in page sends someone back to (`/zaloguj-sie?powrot=/video-details/…`, the waiting list's link):
 * a path on this site only, so the parameter cannot send anyone elsewhere (`//host`, `/\host` and schemes are refused).
 */
export function returnPath(asked: string | null | undefined): string | null {
  if (!asked || asked.length > 500 || !asked.startsWith('/') || asked.startsWith('//') || asked.startsWith('/\\')) return null;
  return [...asked].some((c) => c < ' ' || c === '\\') ? null : asked;
}

export const RETURN_PARAM = 'powrot';
