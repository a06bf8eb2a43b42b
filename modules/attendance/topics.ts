/**
 * The outbox row attendance writes whenever a purchase's attendance changes, in the same transaction as the change:
 * certificates (issue 25) handles it and issues a certificate once the threshold is met. One row per (purchase, change),
 * so a later change is checked again however often the earlier one was.
 */
export const CERTIFICATE_CHECK_TOPIC = 'certificate-check';

export type CertificateCheckPayload = { purchaseId: string };

export const certificateCheckMessage = (purchaseId: string, change: string) => ({
  topic: CERTIFICATE_CHECK_TOPIC, dedupeKey: `certificate-check:${purchaseId}:${change}`, payload: { purchaseId } satisfies CertificateCheckPayload,
});
