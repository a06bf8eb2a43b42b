import { isDomainError } from '../../modules/shared/kernel/index.ts';
import { ERRORS, isErrorCode, type ErrorCode } from './errors.ts';

/**
 * The pages a signed link opens without signing in (withdrawal, the waiting list's offer, the join link, a
 * certificate's verification): the link is the key, so the answer is its holder's only, never cached nor indexed.
 */
export function keepLinkPagePrivate(response: { headers: Headers }): void {
  response.headers.set('cache-control', 'private, no-store');
  response.headers.set('x-robots-tag', 'noindex');
}

/** The refusal a domain error names, for the page to show; any other error is not a refusal and goes on up. */
export function refusalOf(error: unknown): ErrorCode {
  if (isDomainError(error) && isErrorCode(error.code)) return error.code;
  throw error;
}

/** A refused link answers its refusal's status (errors.ts), set before the page renders. */
export function answerRefusal(response: { status?: number }, refusal: ErrorCode | null): void {
  if (refusal) response.status = ERRORS[refusal].status;
}
