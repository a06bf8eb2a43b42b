import * as v from 'valibot';
import { isSiteMedia, type FacilitatorFields } from '../../modules/catalogue/index.ts';

/** The admin's facilitator body (POST /api/admin/facilitators, PUT …/{id}); issue messages are catalogue keys. */
const NAME = 'facilitators.invalid';
const PHOTO = 'facilitators.photoInvalid';
const TEXT = 'facilitators.textInvalid';
const optionalText = (max: number) => v.pipe(v.string(TEXT), v.trim(), v.maxLength(max, TEXT));
const bilingual = (max: number) => v.object({ pl: optionalText(max), en: optionalText(max) }, TEXT);

export const FacilitatorBody = v.object({
  name: v.pipe(v.string(NAME), v.trim(), v.minLength(1, NAME), v.maxLength(200, NAME)),
  // Their photo: an upload (or an older file) the site serves under /media/, the only place the CSP takes pictures from.
  avatar: v.pipe(v.string(PHOTO), v.trim(), v.check(isSiteMedia, PHOTO)),
  role: bilingual(300),
  bio: bilingual(5000),
}, NAME) satisfies v.GenericSchema<unknown, FacilitatorFields>;

export const FacilitatorParams = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/)) });

export const FacilitatorOrder = v.object({
  order: v.pipe(v.array(v.pipe(v.string(NAME), v.regex(/^[\w-]{1,100}$/, NAME)), NAME), v.maxLength(500, NAME)),
}, NAME);
