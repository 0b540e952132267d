import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { tr } from '../../i18n/tr.ts';
import { reasonText } from './result-card.tsx';

// Issue 30 (engine decisions 100 and 105): the reasons a result can be unknown for because the answer was
// not the site's own are shown in words, never as the raw code through the "other" fallback.
describe('unknown reasons from the answer checks', () => {
  it.each(['indistinguishable', 'unfamiliar_answer', 'site_not_answering', 'redirect_loop', 'blocked_address'])(
    '%s has its own label in English and Turkish',
    (reason) => {
      for (const m of [en, tr]) {
        const labels = (m.reasons as Record<string, { short: string; long: string } | undefined>)[reason];
        expect(labels?.short, reason).toBeTruthy();
        expect(labels?.short).not.toBe(reason);
        expect(reasonText(reason, m.reasons)).toBe(labels?.long);
        expect(reasonText(reason, m.reasons)).not.toContain(reason);
      }
    },
  );
});
