import type { APIContext } from 'astro';
import * as v from 'valibot';
import type { SessionUser } from '../../modules/accounts/index.ts';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import { catalogues, translator, type Lang, type MessageKey, type Translate } from '../i18n/index.ts';
import { languageOf } from './auth.ts';
import { ERRORS, isErrorCode } from './errors.ts';
import { json, readForm, readJson } from './http.ts';

export type Auth = 'public' | 'user' | 'admin';
type Schema = v.GenericSchema<unknown, unknown>;
type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;

/** What every route gets from the edge: an endpoint's context or a page's `Astro` both fit. */
export type EndpointContext = Pick<APIContext, 'request' | 'locals' | 'params' | 'cookies' | 'url' | 'cache'>;

export type Call<B, P, A extends Auth> = {
  body: B;
  params: P;
  user: A extends 'public' ? SessionUser | null : SessionUser;
  services: App.Locals['runtime']['services'];
  lang: Lang;
  t: Translate;
  context: EndpointContext;
};

export type EndpointSpec<B extends Schema | undefined, P extends Schema | undefined, A extends Auth> = {
  auth: A;
  /** The JSON body (or form fields, for the few routes a plain HTML form posts to). */
  body?: B;
  /** Path parameters. */
  params?: P;
  /** Answers a Response, or a value sent as JSON with 200. A DomainError becomes its status and message (src/server/errors.ts). */
  handle(call: Call<Out<B>, Out<P>, A>): Promise<Response | unknown>;
  /**
   * Answer a refused body with every issue, each under its field's dotted path (`{ message, issues: [{ field, message }] }`,
   * `message` the first issue's), so a form can say beside each field what is wrong; otherwise the first issue alone.
   */
  fieldIssues?: boolean;
  /** The 500 `{ message }` when anything else fails (spec 8's admin fallbacks, e.g. "Błąd podczas usuwania."); the error is logged. */
  failure?: MessageKey;
};

/** A schema issue's message is a catalogue key when it names one; anything else reads as an invalid body. */
const keyOf = (message: string): MessageKey => (message in catalogues.pl ? message as MessageKey : 'error.invalidBody');

/** One message per field, the first found, each field named by its path in the body ("title", "price.1.price"). */
function issuesByField(issues: readonly v.BaseIssue<unknown>[], t: Translate): { field: string; message: string }[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = (issue.path ?? []).map((step) => String(step.key)).join('.');
    if (!seen.has(field)) seen.set(field, t(keyOf(issue.message)));
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/**
 * The one way to declare a route: who may call it, what its body and parameters look like, and what it does.
 * The edge (src/middleware.ts) has already refused malformed bytes, wrong methods and foreign origins.
 */
export function endpoint<B extends Schema | undefined = undefined, P extends Schema | undefined = undefined, A extends Auth = 'public'>(
  spec: EndpointSpec<B, P, A>,
) {
  return async (context: EndpointContext): Promise<Response> => {
    const { locals, request } = context;
    const raw = request.headers.get('content-type')?.includes('application/x-www-form-urlencoded')
      ? Object.fromEntries(readForm(request)) : await readJson(request);
    const lang = languageOf(raw, locals.lang);
    const t = translator(lang);
    const problem = (key: MessageKey, status: number, extra: object = {}) => json({ message: t(key), ...extra }, status);
    if (spec.auth !== 'public' && !locals.user) return problem('error.unauthorized', 401);
    if (spec.auth === 'admin' && locals.user?.role !== 'admin') return problem('error.forbidden', 403);
    const params = spec.params ? v.safeParse(spec.params, context.params, { abortEarly: true }) : null;
    if (params && !params.success) return problem(keyOf(params.issues[0].message), 404);
    const body = spec.body ? v.safeParse(spec.body, raw, { abortEarly: !spec.fieldIssues }) : null;
    if (body && !body.success) {
      return problem(keyOf(body.issues[0].message), 400, spec.fieldIssues ? { issues: issuesByField(body.issues, t) } : {});
    }
    try {
      const answer = await spec.handle({
        body: body?.output as Out<B>, params: params?.output as Out<P>, user: locals.user as Call<Out<B>, Out<P>, A>['user'],
        services: locals.runtime.services, lang, t, context,
      });
      return answer instanceof Response ? answer : json(answer);
    } catch (error) {
      if (!isDomainError(error) || !isErrorCode(error.code)) {
        if (!spec.failure) throw error;
        locals.runtime.log.error({ err: error, requestId: locals.requestId, path: context.url.pathname }, 'request failed');
        return problem(spec.failure, 500);
      }
      const known = ERRORS[error.code] as { status: number; key: MessageKey; expose?: boolean; field?: string };
      // An exposed error's data also fills its message's blanks ("… used by {products}").
      const vars = known.expose && error.data ? Object.fromEntries(Object.entries(error.data).filter(([, x]) => typeof x === 'string' || typeof x === 'number')) : undefined;
      const message = t(known.key, vars as Record<string, string | number> | undefined);
      // A refusal about one field of a form names it, as a schema issue would.
      // A refusal about one row of a list names the row's field in its data ("sessions.2.end").
      const named = typeof error.data?.['field'] === 'string' ? error.data['field'] : known.field;
      const field = known.field ? { issues: [{ field: named, message }] } : {};
      // A refusal that passes with time (`busy`) says when to try again.
      const retryAfter = error.data?.['retryAfter'];
      const headers: Record<string, string> = typeof retryAfter === 'number' ? { 'retry-after': String(Math.ceil(retryAfter)) } : {};
      return json({ message, ...(known.expose ? error.data : field) }, known.status, headers);
    }
  };
}
