import * as v from 'valibot';
import type { MessageKey } from '../../../../i18n/index.ts';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * GET /api/admin/recordings/{productKey} (admin): where the product's recording stands, for the catalogue editor.
 * `current`: the version viewers get (null: none yet); `job`: the newest upload's transcode (queued, running with its
 * progress 0..1, ready, or failed with its reason code), with `message` saying it in the admin's language.
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,120}$/)) }),
  async handle({ params, services, t }) {
    const status = await services.recordings.statusOf(params.productKey);
    const job = status.job;
    const message = !job ? null
      : job.state === 'failed' && job.error ? t(`recordings.error.${job.error}` as MessageKey)
      : job.state === 'running' ? t('recordings.state.running', { percent: Math.round(job.progress * 100) })
      : t(`recordings.state.${job.state}` as MessageKey);
    return { ...status, job: job ? { ...job, message } : null };
  },
});
