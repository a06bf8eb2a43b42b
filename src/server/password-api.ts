import { DomainError } from '../../modules/shared/kernel/index.ts';
import { EmailBody, ResetBody, ResetParams } from './accounts-input.ts';
import { endpoint } from './endpoint.ts';

/** POST /forgot-password {email, language} → { message }, the same whether or not the address has an account. */
export const forgotPassword = endpoint({
  auth: 'public', body: EmailBody,
  async handle({ body, services, lang, t, context }) {
    await services.accounts.requestPasswordReset(body.email, { ip: context.locals.client.ip, language: lang });
    return { message: t('accounts.forgotSent') };
  },
});

/** POST /reset-password/{id} {newPassword, language} → { message }; the link is spent and older sessions end. */
export const resetPassword = endpoint({
  auth: 'public', body: ResetBody, params: ResetParams,
  async handle({ body, params, services, lang, t, context }) {
    if (!params.id) throw new DomainError('reset-link-invalid');
    await services.accounts.resetPassword(params.id, body.newPassword, { ip: context.locals.client.ip, language: lang });
    return { message: t('accounts.passwordChanged') };
  },
});
