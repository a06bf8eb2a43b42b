// Text helpers safe for the browser too (islands import this door): no Node APIs here.
export { formatDate, formatDayRange, fromWarsawInput, toWarsawInput, warsawDaysFrom, warsawInstant } from './dates.ts';
export { localeOf, type Lang } from './locale.ts';
export { formatMinor, formatMoney, minorOfWhole, minorText, parseMinor } from './money.ts';
export { slugify } from './slug.ts';
export { fillTemplate } from './template.ts';
export { emailAddress, isEmailAddress, isWebLink, webLink } from './validation.ts';
export { greeting, isPersonName, PERSON_NAME_MAX } from './person-name.ts';
export { checkIban, checkNip, type IbanReason, type NipReason, type NumberCheck } from './tax-numbers.ts';
