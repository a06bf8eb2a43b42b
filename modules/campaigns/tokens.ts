import { signedIds } from '../shared/signing/index.ts';

/**
 * The unsubscribe link's token: the user id, signed (modules/shared/signing). It never expires (a footer link in an
 * old mail must keep working).
 */
export function unsubscribeTokens(secret: string) {
  const ids = signedIds(secret, 'campaigns/unsubscribe');
  return { tokenFor: ids.sign, /** The user id a token was made for, or null when it is not one of ours. */ userOf: ids.idOf };
}
