import { endpoint } from '../../../server/endpoint.ts';

/** GET /api/user/certificates (user): the caller's certificates, newest first, and their hours by year with the five years' total. */
export const GET = endpoint({
  auth: 'user',
  async handle({ user, services }) {
    const [certificates, summary] = await Promise.all([services.certificates.certificatesOf(user.id), services.certificates.educationSummary(user.id)]);
    return { certificates: certificates.map(({ userId: _u, holderName: _h, ...c }) => ({ ...c, pdf: `/api/certificates/${c.certificateId}/pdf`, verify: `/certyfikat/${c.certificateId}` })), summary: {
      fiveYears: summary.fiveYears, years: summary.years.map((y) => ({ year: y.year, hours: y.hours, certificates: y.certificates.map((c) => c.number) })),
    } };
  },
});
