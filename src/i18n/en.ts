import type { MessageKey } from './pl.ts';

export const en: Record<MessageKey, string> = {
  'meta.description': 'Gestalt psychotherapy workshops, trainings and online seminars, all in one place.',
  'home.tagline': 'Workshops, trainings and online seminars — all in one place.',
  'home.explore': 'Explore',
  'home.welcome': 'Welocme to',
  'lang.switchTo': 'Polski',
  'lang.name': 'English',
  'notFound.title': 'Page not found',
  'notFound.text': 'Page not found.',
  'notFound.back': 'Back to the home page',
  'error.unexpected': 'An unexpected error occurred.',
  'error.invalidBody': 'The request data is invalid.',
  'error.unauthorized': 'You need to be logged in.',
  'error.forbidden': 'Access denied.',
  'error.crossOrigin': 'A request from another site was refused.',
  'error.tooManyRequests': 'Too many attempts. Please try again in a moment.',
  'health.up': 'up',
  'health.down': 'down',
};
