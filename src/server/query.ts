import * as v from 'valibot';
import { DomainError } from '../../modules/shared/kernel/index.ts';
import { isErrorCode } from './errors.ts';

type Schema = v.GenericSchema<Record<string, string | undefined>, unknown>;

/**
 * The query string of a GET route, checked like a body: each issue's message is an error code of
 * src/server/errors.ts, thrown as a DomainError so the edge answers its status and message. A parameter
 * given twice counts by its first value, an empty one as absent; unknown parameters are ignored.
 */
export function readQuery<S extends Schema>(url: URL, schema: S): v.InferOutput<S> {
  const raw: Record<string, string> = {};
  // An empty value (`?type=&from=`, as a form sends an untouched field) means the parameter is not given.
  for (const [name, value] of url.searchParams) if (!(name in raw) && value !== '') raw[name] = value;
  const parsed = v.safeParse(schema, raw, { abortEarly: true });
  if (parsed.success) return parsed.output;
  const code = parsed.issues[0].message;
  throw new DomainError(isErrorCode(code) ? code : 'invalid-query');
}

/** `page`: 1-based, absent means 1. */
export const pageParam = v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'invalid-page'), v.transform(Number)), '1');

/** The rows of a 1-based page of `size`. */
export const pageSlice = (page: number, size: number) => ({ offset: (page - 1) * size, limit: size });
