import type { MessageKey } from '../i18n/index.ts';

/**
 * Every code a module may refuse a command with (DomainError), and what the web answers: the status and
 * the catalogue key of its `{ message }`. `expose` copies the error's data into the body (the login
 * page offers to resend the link when the answer says `unverified: true`).
 */
export const ERRORS = {
  'unauthorized': { status: 401, key: 'error.unauthorized' },
  'forbidden': { status: 403, key: 'error.forbidden' },
  'invalid-body': { status: 400, key: 'error.invalidBody' },
  'rate-limited': { status: 429, key: 'error.tooManyRequests' },
  // More passwords waiting to be hashed or checked than PASSWORD_QUEUE_MAX (modules/accounts/password-pool.ts): the
  // error's `retryAfter` (seconds) becomes the Retry-After header (src/server/endpoint.ts).
  'busy': { status: 503, key: 'error.busy' },
  // catalogue
  'product-not-found': { status: 404, key: 'api.videoNotFound' },
  'product-exists': { status: 409, key: 'catalogue.productExists' },
  // `field`: the form field the refusal is about (the answer's `issues`, beside that field in the editor).
  // A live product's past start needs the editor's confirmation (`confirmPastStart`); a recording's does not (issue 34).
  'product-start-past': { status: 400, key: 'catalogue.productStartPast', field: 'startsAt' },
  'product-edition-start-past': { status: 400, key: 'catalogue.editionStartPast', field: 'startsAt' },
  // A start sent beside sessions that do not begin then: the sessions are the schedule (issue 34).
  'product-start-not-first-session': { status: 400, key: 'catalogue.startNotFirstSession', field: 'startsAt' },
  // Sessions and seats (issue 24): a session's refusal names its row (the error's `field`, e.g. `sessions.2.end`).
  'product-sessions-missing': { status: 400, key: 'catalogue.sessionsMissing', field: 'sessions' },
  'product-session-ends-first': { status: 400, key: 'catalogue.sessionEndsFirst', field: 'sessions' },
  'product-sessions-overlap': { status: 400, key: 'catalogue.sessionsOverlap', field: 'sessions' },
  'product-capacity-invalid': { status: 400, key: 'catalogue.fieldCapacity', field: 'capacity' },
  'product-capacity-below-sold': { status: 409, key: 'catalogue.capacityBelowSold', field: 'capacity' },
  // Hours towards a certificate (issue 25): a session's hours above its length name its row (`sessionHours.<id>`).
  'product-session-hours-invalid': { status: 400, key: 'catalogue.fieldSessionHours', field: 'sessionHours' },
  'product-certificate-hours-invalid': { status: 400, key: 'catalogue.fieldCertificateHours', field: 'certificateMinHours' },
  // Reminder offsets (minutes before each session): a refusal of one names its row (`reminderOffsets.1`).
  'product-offer-hours-invalid': { status: 400, key: 'catalogue.fieldOfferHours', field: 'offerHours' },
  'product-reminders-count': { status: 400, key: 'catalogue.remindersCount', field: 'reminderOffsets' },
  'product-reminder-invalid': { status: 400, key: 'catalogue.fieldReminder', field: 'reminderOffsets' },
  'product-reminder-duplicate': { status: 400, key: 'catalogue.reminderDuplicate', field: 'reminderOffsets' },
  'article-invalid': { status: 400, key: 'catalogue.articleInvalid' },
  'article-link-invalid': { status: 400, key: 'catalogue.articleLinkInvalid' },
  'article-exists': { status: 409, key: 'catalogue.articleExists' },
  'article-not-found': { status: 404, key: 'catalogue.articleNotFound' },
  // media (uploads) and facilitators
  'media-too-large': { status: 413, key: 'media.tooLarge' },
  'media-empty': { status: 400, key: 'media.empty' },
  'media-svg': { status: 415, key: 'media.svg' },
  'media-heic': { status: 415, key: 'media.heic' },
  'media-not-image': { status: 415, key: 'media.notImage' },
  'media-not-video': { status: 415, key: 'media.notVideo' },
  'media-too-many-pixels': { status: 422, key: 'media.tooManyPixels', expose: true },
  'media-unreadable': { status: 422, key: 'media.unreadable' },
  'facilitator-not-found': { status: 404, key: 'facilitators.notFound' },
  'facilitator-in-use': { status: 409, key: 'facilitators.inUse', expose: true },
  'facilitator-order-stale': { status: 409, key: 'facilitators.orderStale' },
  'facilitator-invalid': { status: 400, key: 'facilitators.invalid' },
  // purchases
  'unknown-product': { status: 404, key: 'payment.unknownProduct' },
  'unknown-price': { status: 400, key: 'payment.unknownPrice' },
  'not-on-sale': { status: 409, key: 'payment.notOnSale' },
  'already-owned': { status: 409, key: 'payment.alreadyOwned' },
  // No seat free (seats.ts): refused before the payment provider is asked.
  'sold-out': { status: 409, key: 'payment.soldOut' },
  // The waiting list (seats.ts): joining, leaving, declining an offer.
  'waitlist-no-capacity': { status: 409, key: 'waitlist.noCapacity' },
  'waitlist-closed': { status: 409, key: 'waitlist.closed' },
  'waitlist-seats-free': { status: 409, key: 'waitlist.seatsFree' },
  'waitlist-already': { status: 409, key: 'waitlist.already' },
  'waitlist-not-on': { status: 404, key: 'waitlist.notOn' },
  'waitlist-offer-gone': { status: 410, key: 'waitlist.offerGone' },
  // The consents a checkout needs (withdrawal-period.ts): the answer's `consents` lists those needed.
  'consent-missing': { status: 400, key: 'payment.consentMissing', expose: true },
  'consent-not-needed': { status: 400, key: 'payment.consentNotNeeded', expose: true },
  'checkout-not-found': { status: 404, key: 'devCheckout.notFound' },
  'checkout-expired': { status: 410, key: 'devCheckout.expired' },
  'no-access': { status: 403, key: 'error.forbidden' },
  'not-paid': { status: 403, key: 'error.forbidden' },
  'recording-not-found': { status: 404, key: 'notFound.text' },
  // Recordings (issue 26): an upload refused by its probe, or while the product's previous one is transcoding.
  'recording-empty': { status: 400, key: 'recordings.error.recording-empty' },
  'recording-format': { status: 415, key: 'recordings.error.recording-format' },
  'recording-not-video': { status: 415, key: 'recordings.error.recording-not-video' },
  'recording-no-video': { status: 415, key: 'recordings.error.recording-no-video' },
  'recording-no-audio': { status: 415, key: 'recordings.error.recording-no-audio' },
  'recording-too-short': { status: 422, key: 'recordings.error.recording-too-short' },
  'recording-truncated': { status: 422, key: 'recordings.error.recording-truncated' },
  'recording-busy': { status: 409, key: 'recordings.error.recording-busy' },
  'bad-signature': { status: 400, key: 'payment.badSignature' },
  'bad-webhook-payload': { status: 400, key: 'payment.badWebhookPayload' },
  // The payment provider cannot be reached: nothing was recorded, the buyer may try again.
  'payment-unavailable': { status: 503, key: 'payment.unavailable' },
  'stripe-not-configured': { status: 404, key: 'notFound.text' },
  // attendance (issue 25): the admin's ticks and a participant report's import, refused whole with what to fix
  'attendance-unknown-product': { status: 404, key: 'admin.unknownFilm' },
  'attendance-unknown-session': { status: 404, key: 'attendance.unknownSession' },
  'attendance-unknown-purchase': { status: 404, key: 'attendance.unknownPurchase' },
  'attendance-assign-invalid': { status: 400, key: 'attendance.assignInvalid' },
  'attendance-minutes-too-many': { status: 422, key: 'attendance.minutesTooMany', expose: true },
  'attendance-report-too-long': { status: 422, key: 'attendance.reportTooLong', expose: true },
  'attendance-report-header': { status: 400, key: 'attendance.reportHeader', expose: true },
  'attendance-report-encoding': { status: 400, key: 'attendance.reportEncoding' },
  'attendance-report-row': { status: 400, key: 'attendance.reportRow', expose: true },
  'attendance-report-empty': { status: 400, key: 'attendance.reportEmpty' },
  'attendance-report-too-large': { status: 413, key: 'attendance.reportTooLarge', expose: true },
  'attendance-report-too-many-rows': { status: 413, key: 'attendance.reportTooManyRows', expose: true },
  // admin reports (attendee lists)
  'attendees-unknown-product': { status: 404, key: 'admin.unknownFilm' },
  'grant-unknown-user': { status: 404, key: 'grant.unknownUser' },
  'grant-reason-missing': { status: 400, key: 'grant.reasonMissing' },
  'grant-not-found': { status: 404, key: 'grant.notFound' },
  'grant-exists': { status: 409, key: 'grant.exists' },
  // withdrawal from a purchase (issue 22)
  'withdrawal-link-invalid': { status: 404, key: 'withdrawal.linkInvalid' },
  'withdrawal-not-yours': { status: 403, key: 'withdrawal.notYours' },
  'withdrawal-not-purchase': { status: 409, key: 'withdrawal.notPurchase' },
  'withdrawal-exists': { status: 409, key: 'withdrawal.exists' },
  'withdrawal-refunded': { status: 409, key: 'withdrawal.refunded' },
  'withdrawal-period-over': { status: 410, key: 'withdrawal.periodOver' },
  'withdrawal-right-ended': { status: 409, key: 'withdrawal.rightEnded' },
  // refunds (modules/purchases/refund.ts)
  'purchase-not-found': { status: 404, key: 'refund.purchaseNotFound' },
  'refund-not-paid': { status: 409, key: 'refund.notPaid' },
  'refund-invalid-amount': { status: 400, key: 'refund.invalidAmount' },
  'refund-exceeds-paid': { status: 409, key: 'refund.exceedsPaid', expose: true },
  'refund-already-full': { status: 409, key: 'refund.alreadyFull' },
  'refund-reason-missing': { status: 400, key: 'refund.reasonMissing' },
  'refund-id-taken': { status: 409, key: 'refund.idTaken' },
  // accounts and contact
  'invalid-credentials': { status: 401, key: 'accounts.invalidCredentials' },
  'unverified': { status: 403, key: 'accounts.unverified', expose: true },
  'verify-link-invalid': { status: 400, key: 'accounts.verifyFailed' },
  'reset-link-invalid': { status: 400, key: 'accounts.resetLinkInvalid' },
  'password-too-short': { status: 400, key: 'accounts.passwordTooShort' },
  'invalid-name': { status: 400, key: 'accounts.invalidName' },
  'contact-invalid': { status: 400, key: 'api.contactInvalid' },
  'contact-message-not-found': { status: 404, key: 'inbox.notFound' },
  'users-invalid-search': { status: 400, key: 'usersSearch.tooLong' },
  // admin (accounts: deleting a user)
  'not-registered': { status: 404, key: 'admin.userNotFound' },
  'cannot-delete-admin': { status: 403, key: 'admin.cannotDeleteAdmin' },
  // admin: audit trail, dev mailbox, first-admin sign-in (query strings are read by src/server/query.ts)
  'invalid-query': { status: 400, key: 'audit.invalidQuery' },
  'invalid-page': { status: 400, key: 'audit.invalidPage' },
  'audit-invalid-type': { status: 400, key: 'audit.invalidType' },
  'audit-invalid-date': { status: 400, key: 'audit.invalidDate' },
  'audit-invalid-subject': { status: 400, key: 'audit.invalidSubject' },
  'mailbox-not-found': { status: 404, key: 'mailbox.notFound' },
  'admin-link-invalid': { status: 400, key: 'adminSignIn.invalid' },
  'admin-link-expired': { status: 410, key: 'adminSignIn.expired' },
  // campaigns (mass e-mail)
  'campaign-empty': { status: 400, key: 'campaigns.empty' },
  'campaign-unknown-product': { status: 404, key: 'admin.unknownFilm' },
  'campaign-not-found': { status: 404, key: 'campaigns.notFound' },
  'campaign-no-admin-address': { status: 409, key: 'campaigns.noAdminAddress' },
  // invoicing (issue 23): the seller's settings and products' VAT treatment
  'invoicing-nip-invalid': { status: 400, key: 'invoicing.nipInvalid', field: 'nip' },
  'invoicing-iban-invalid': { status: 400, key: 'invoicing.ibanInvalid', field: 'bankAccount' },
  'invoicing-series-invalid': { status: 400, key: 'invoicing.seriesInvalid', field: 'series' },
  'invoicing-vat-invalid': { status: 400, key: 'invoicing.vatInvalid' },
  // certificates (issue 25)
  'certificate-not-found': { status: 404, key: 'certificates.notFound' },
  'certificate-exists': { status: 409, key: 'certificates.exists', expose: true },
  'certificate-hours-invalid': { status: 409, key: 'certificates.hoursInvalid' },
  'certificate-already-revoked': { status: 409, key: 'certificates.alreadyRevoked' },
  'certificate-already-replaced': { status: 409, key: 'certificates.alreadyReplaced' },
  'certificate-reason-invalid': { status: 400, key: 'certificates.reasonInvalid', field: 'reason' },
  'certificate-purchase-not-found': { status: 404, key: 'certificates.purchaseNotFound' },
  'certificate-holder-missing': { status: 409, key: 'certificates.holderMissing' },
  'certificate-number-missing': { status: 500, key: 'certificates.notFound' },
  // invoices: buyers' requests, documents, KSeF
  'invoicing-not-ready': { status: 409, key: 'invoices.notReady' },
  'invoice-nip-invalid': { status: 400, key: 'invoicing.nipInvalid', field: 'nip' },
  'invoice-buyer-invalid': { status: 400, key: 'invoices.buyerInvalid' },
  'invoice-currency-nip': { status: 400, key: 'invoices.currencyNip', field: 'nip' },
  'invoice-already-requested': { status: 409, key: 'invoices.alreadyRequested' },
  'invoice-not-requested': { status: 409, key: 'invoices.notRequested' },
  'invoice-number-missing': { status: 500, key: 'invoices.notReady' },
  'invoice-purchase-not-found': { status: 404, key: 'invoices.purchaseNotFound' },
  'invoice-not-paid': { status: 409, key: 'invoices.notPaid' },
  'invoice-request-too-late': { status: 409, key: 'invoices.tooLate' },
  'invoice-not-found': { status: 404, key: 'invoices.notFound' },
  'invoice-no-xml': { status: 404, key: 'invoices.noXml' },
  'invoice-not-for-ksef': { status: 409, key: 'invoices.noXml' },
  'invoice-ksef-accepted': { status: 409, key: 'invoices.ksefAccepted' },
  'invoice-ksef-off': { status: 409, key: 'invoices.ksefOff' },
  // meetings (issue 24): the personal join link
  'join-link-invalid': { status: 404, key: 'join.linkInvalid' },
  'join-not-yours': { status: 403, key: 'join.notYours' },
  'join-ended': { status: 410, key: 'join.ended' },
  'join-no-meeting': { status: 404, key: 'join.noMeeting' },
  'join-over': { status: 410, key: 'join.over' },
  // recordings (issue 26): resume positions
  'position-invalid': { status: 400, key: 'player.positionInvalid' },
  'position-not-owned': { status: 403, key: 'player.notOwned' },
} as const satisfies Record<string, { status: number; key: MessageKey; expose?: boolean; field?: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);
