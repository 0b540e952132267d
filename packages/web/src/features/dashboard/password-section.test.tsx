import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.ts';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('settings: password', () => {
  it('shows that the account has a password and removes it with DELETE /me/password', async () => {
    localStorage.setItem('auth.signedIn', '1');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        const removed = init?.method === 'DELETE' && url.endsWith('/me/password');
        return jsonAnswer(200, { ...TEST_USER, has_password: !removed });
      }),
    );
    renderWithApp(<SettingsPage />, { path: '/dashboard/settings' });
    const s = en.account.settings;
    await waitFor(() => expect(screen.getByTestId('password-state').textContent).toBe(s.passwordSet));
    fireEvent.click(screen.getByRole('button', { name: s.removePassword }));
    await waitFor(() => expect(screen.getByTestId('password-state').textContent).toBe(s.passwordNotSet));
    expect(calls.some((c) => c.startsWith('DELETE') && c.endsWith('/me/password'))).toBe(true);
    expect(screen.queryByRole('button', { name: s.removePassword })).toBeNull();
  });
});
