/**
 * The outbox topics certificates handles. `check` is written by attendance whenever a purchase's attendance changes
 * (its CERTIFICATE_CHECK_TOPIC, contract of issue 25: the same string); `mail` by certificates after an issue.
 */
export const CERTIFICATE_TOPICS = {
  check: 'certificate-check',
  mail: 'certificate-mail',
} as const;

export type CertificateCheckPayload = { purchaseId: string };
export type CertificateMailPayload = { certificateId: string };
