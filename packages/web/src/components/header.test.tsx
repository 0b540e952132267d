import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonAnswer, TEST_USER } from '../test/account-fixtures.ts';
import { callsTo, stubApi } from '../test/billing-fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { Header, pageReload } from './header.tsx';

describe('Header', () => {
  it('links the brand home and to the Library', () => {
    renderWithApp(<Header />);
    expect(screen.getByRole('link', { name: 'Hound home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Library' }).getAttribute('href')).toBe('/library');
  });

  it('toggles the theme and keeps the choice under "theme"', () => {
    renderWithApp(<Header />);
    const start = document.documentElement.classList.contains('dark');
    const toggle = screen.getByRole('button', { name: start ? 'Switch to light theme' : 'Switch to dark theme' });
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(!start);
    expect(localStorage.getItem('theme')).toBe(start ? 'light' : 'dark');
    fireEvent.click(screen.getByRole('button', { name: /Switch to/ }));
    expect(localStorage.getItem('theme')).toBe(start ? 'dark' : 'light');
  });

  it('switches the language to Turkish and keeps it under "language"', async () => {
    renderWithApp(<Header />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'tr' } });
    // The Turkish catalogue is a lazy chunk: under a busy test run it can take more than the default second.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Kütüphane' })).toBeTruthy(), { timeout: 5000 });
    expect(localStorage.getItem('language')).toBe('tr');
    await waitFor(() => expect(document.documentElement.lang).toBe('tr'));
  });

  it('saves a signed-in user’s switch to the account (as Settings does), and a visitor’s only in the browser', async () => {
    const fetch = stubApi({
      'PATCH /me/profile': (init) => jsonAnswer(200, { ...TEST_USER, ...JSON.parse(String(init?.body)) }),
    });
    renderWithApp(<Header />);
    await screen.findByRole('link', { name: 'Dashboard' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'tr' } });
    await waitFor(() => expect(callsTo(fetch, 'PATCH /me/profile')).toHaveLength(1));
    expect(callsTo(fetch, 'PATCH /me/profile')[0]!.body).toEqual({
      first_name: TEST_USER.first_name,
      last_name: TEST_USER.last_name,
      language: 'tr',
    });
    await waitFor(() => expect(document.documentElement.lang).toBe('tr'), { timeout: 5000 });
    vi.unstubAllGlobals();
    localStorage.clear();

    cleanup();
    const anonymous = stubApi({}, { user: null });
    renderWithApp(<Header />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'tr' } });
    await waitFor(() => expect(localStorage.getItem('language')).toBe('tr'));
    expect(callsTo(anonymous, 'PATCH /me/profile')).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('the brand link reloads only when the browser is really on / (issue 15, defect 8)', () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    // The router still renders / while the browser's address has already moved to /library.
    window.history.pushState({}, '', '/library');
    renderWithApp(<Header />, { path: '/' });
    fireEvent.click(screen.getByRole('link', { name: 'Hound home' }));
    expect(reload).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
    fireEvent.click(screen.getByRole('link', { name: 'Hound home' }));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });
});
