import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useI18n } from '../../i18n/i18n.tsx';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useAuth } from './auth-context.tsx';

/** Shows the page's language and a user, and signs in as the login page does once the code is accepted. */
function Probe() {
  const { language, m } = useI18n();
  const auth = useAuth();
  return (
    <>
      <p data-testid="language">{`${language} ${m.legal.back}`}</p>
      <p data-testid="user">{auth.user?.email ?? '-'}</p>
      <button type="button" onClick={() => void auth.signIn()}>
        sign in
      </button>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the saved language at sign-in (issue 27 item 18)', () => {
  it('switches a new device to the account’s language when the user signs in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(200, { ...TEST_USER, language: 'tr' })),
    );
    renderWithApp(<Probe />);
    expect(screen.getByTestId('language').textContent).toBe('en Back to Home');
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(screen.getByTestId('language').textContent).toBe('tr Ana Sayfaya Dön'));
    expect(localStorage.getItem('language')).toBe('tr');
  });

  it('leaves the language alone when it already matches', async () => {
    const fetch = vi.fn(() => jsonAnswer(200, { ...TEST_USER, language: 'en' }));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<Probe />);
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await screen.findByText(TEST_USER.email);
    expect(screen.getByTestId('language').textContent).toBe('en Back to Home');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('does not override this browser’s choice when a kept session is loaded on a page load', async () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(200, { ...TEST_USER, language: 'tr' })),
    );
    renderWithApp(<Probe />);
    await screen.findByText(TEST_USER.email);
    expect(screen.getByTestId('language').textContent).toBe('en Back to Home');
  });
});
