import * as v from 'valibot';
import { MAX_DURATION_SECONDS } from '../../../../../../modules/playback/index.ts';
import { DomainError } from '../../../../../../modules/shared/kernel/index.ts';
import { endpoint, type Call } from '../../../../../server/endpoint.ts';

const params = v.object({ productKey: v.pipe(v.string(), v.maxLength(200)) });
const seconds = (max: number) => v.pipe(v.number('player.positionInvalid'), v.finite('player.positionInvalid'), v.minValue(0, 'player.positionInvalid'), v.maxValue(max, 'player.positionInvalid'));

/** Only an owner inside the access window keeps a position in a recording; anyone else learns nothing (404 as for no product). */
async function owning({ services, user }: Pick<Call<unknown, unknown, 'user'>, 'services' | 'user'>, productKey: string) {
  if (!(await services.purchases.ownedKeys(user.id)).includes(productKey)) throw new DomainError('position-not-owned');
}

/**
 * GET /api/user/recordings/{productKey}/position: where the caller stopped, `{ position, duration, startAt }` (startAt:
 * where the player starts, 0 within 30 s of the end). PUT `{ position, duration }` (seconds) keeps it; the player sends
 * it every 10 s and when the page is hidden (fetch keepalive).
 */
export const GET = endpoint({
  auth: 'user',
  params,
  async handle(call) {
    await owning(call, call.params.productKey);
    const { saved, startAt } = await call.services.playback.positionOf(call.user.id, call.params.productKey);
    return { position: saved?.position ?? 0, duration: saved?.duration ?? 0, startAt };
  },
});

export const PUT = endpoint({
  auth: 'user',
  params,
  body: v.object({ position: seconds(MAX_DURATION_SECONDS), duration: v.pipe(seconds(MAX_DURATION_SECONDS), v.minValue(0.001, 'player.positionInvalid')) }, 'player.positionInvalid'),
  async handle(call) {
    await owning(call, call.params.productKey);
    await call.services.playback.save(call.user.id, call.params.productKey, call.body);
    return { saved: true };
  },
});
