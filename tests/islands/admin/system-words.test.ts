import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../modules/shared/text/index.ts';
import { catalogues } from '../../../src/i18n/index.ts';
import type { Say } from '../../../src/islands/admin/messages.ts';
import { itemValue } from '../../../src/islands/admin/system-words.ts';
import type { SystemItem } from '../../../src/islands/admin/types.ts';

const sayIn = (lang: 'pl' | 'en'): Say => (key, vars) => fillTemplate((catalogues[lang] as Record<string, string>)[key]!, vars ?? {});
const verified = (status: SystemItem['status'], at: string | null): SystemItem =>
  ({ id: 'backup.verifiedRestore', status, facts: { at }, advice: status === 'ok' ? null : 'restore-old', whatToDo: null });

describe('the System tab on the last verified backup', () => {
  it('given a drill that passed, says the issue\'s line with its date, in either language', () => {
    expect(itemValue(verified('ok', '2026-12-14T02:30:00.000Z'), sayIn('pl'), 'pl')).toMatch(/^Ostatnia sprawdzona kopia: 14 gru 2026, 03:30, OK$/);
    expect(itemValue(verified('ok', '2026-12-14T02:30:00.000Z'), sayIn('en'), 'en')).toMatch(/^Last verified backup: 14 Dec 2026, 03:30, OK$/);
  });

  it('given no drill yet, or one too old, says no "OK"', () => {
    expect(itemValue(verified('attention', null), sayIn('pl'), 'pl')).toBe('Brak');
    expect(itemValue(verified('attention', '2026-11-01T02:30:00.000Z'), sayIn('pl'), 'pl')).not.toContain('OK');
  });
});
