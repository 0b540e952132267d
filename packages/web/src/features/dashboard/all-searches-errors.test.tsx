import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AllSearchesList } from './all-searches-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('My Searches when the lists cannot be read', () => {
  it('says the spec’s “Failed to fetch logs” when the server gives no detail', async () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.startsWith('/auth/me') ? jsonAnswer(200, TEST_USER) : jsonAnswer(500, { unexpected: true }),
      ),
    );
    renderWithApp(<AllSearchesList limit={10} />, { path: '/dashboard/my-searches' });
    expect(await screen.findByText('Failed to fetch logs')).toBeTruthy();
  });
});
