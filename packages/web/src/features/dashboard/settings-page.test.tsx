import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Delete account section', () => {
  for (const [language, words] of [
    ['en', ['cancels your subscription', 'nothing more will be charged', 'delivered or refunded']],
    ['tr', ['aboneliğinizi iptal eder', 'başka ücret alınmaz', 'iade edilir']],
  ] as const) {
    it(`says the subscription is cancelled at the payment provider (${language})`, async () => {
      localStorage.setItem('auth.signedIn', '1');
      vi.stubGlobal(
        'fetch',
        vi.fn(() => jsonAnswer(200, TEST_USER)),
      );
      renderWithApp(<SettingsPage />, { language, path: '/dashboard/settings' });
      for (const text of words) expect(await screen.findByText(new RegExp(text))).toBeTruthy();
    });
  }
});
