import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../components/header.tsx';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { maskEmail } from '../dashboard/mask-email.ts';
import { useAuth } from './auth-context.tsx';
import { registrationProblems } from './register-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { returnPath } from './return-path.ts';

function Probe() {
  const auth = useAuth();
  return (
    <p data-testid="probe">
      {auth.status}|{String(auth.authenticated)}|{auth.session ? 'session' : 'no-session'}|
      {auth.user?.first_name ?? 'no-user'}
    </p>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('session (spec 000 §4, decision 098: an HttpOnly cookie)', () => {
  it('loads the user of a marked session with GET /auth/me; no token goes along from the page', async () => {
    localStorage.setItem('auth.signedIn', '1');
    const fetch = vi.fn(() => jsonAnswer(200, TEST_USER));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<Probe />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('ready|true|session|Ann'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/me');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('asks nothing for a visitor who never signed in', () => {
    const fetch = vi.fn(() => jsonAnswer(200, TEST_USER));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('ready|false|no-session|no-user');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('clears the session silently on 401 and 403', async () => {
    for (const status of [401, 403]) {
      localStorage.setItem('auth.signedIn', '1');
      vi.stubGlobal(
        'fetch',
        vi.fn(() => jsonAnswer(status, { detail: 'no' })),
      );
      const view = renderWithApp(<Probe />);
      await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('ready|false|no-session|no-user'));
      expect(localStorage.getItem('auth.signedIn')).toBeNull();
      view.unmount();
    }
  });

  it('keeps the session without a user on other failures: not authenticated', async () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(503, { detail: 'down' })),
    );
    renderWithApp(<Probe />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('ready|false|session|no-user'));
    expect(localStorage.getItem('auth.signedIn')).toBe('1');
  });

  it('revokes and removes a token an earlier version left in localStorage', async () => {
    localStorage.setItem('auth.token', 'old-token-1234567890abcdef');
    const fetch = vi.fn(() => jsonAnswer(204, null));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<Probe />);
    expect(localStorage.getItem('auth.token')).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer old-token-1234567890abcdef');
    expect(screen.getByTestId('probe').textContent).toBe('ready|false|no-session|no-user');
  });
});

describe('protected routes', () => {
  it('shows "Loading..." while the session is checked', () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('lets a signed-in user in, and sends a non-admin away from an admin page', async () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(200, TEST_USER)),
    );
    renderWithApp(
      <>
        <RequireAuth>
          <p>user page</p>
        </RequireAuth>
        <RequireAuth admin>
          <p>admin page</p>
        </RequireAuth>
      </>,
    );
    await waitFor(() => expect(screen.getByText('user page')).toBeTruthy());
    expect(screen.queryByText('admin page')).toBeNull();
  });
});

describe('return path after sign-in', () => {
  it('follows only in-app paths', () => {
    expect(returnPath({ from: '/dashboard/settings' })).toBe('/dashboard/settings');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
    expect(returnPath(null)).toBe('/dashboard');
  });
});

describe('registration rules (spec 001 §5)', () => {
  const today = new Date('2026-11-23T12:00:00Z');
  it('gives the spec message per field', () => {
    expect(registrationProblems({ first_name: '', last_name: 'L"e', email: 'x', date_of_birth: '' }, today)).toEqual({
      first_name: 'First name is required.',
      last_name: 'Invalid last name. Max 50 chars. Characters $ / \\ " are not allowed.',
      email: 'Enter a valid email address, like name@example.com.',
      date_of_birth: 'Date of birth is required.',
    });
    expect(
      registrationProblems({ first_name: 'A', last_name: 'B', email: 'a@b.co', date_of_birth: '2008-11-24' }, today),
    ).toEqual({ date_of_birth: 'You must be 18 years or older to register.' });
    expect(
      registrationProblems({ first_name: 'A', last_name: 'B', email: 'a@b.co', date_of_birth: '2008-11-23' }, today),
    ).toEqual({});
  });
});

describe('settings', () => {
  it('masks the address after its first 3 characters', () => {
    expect(maskEmail('ann@example.com')).toBe(`ann${'•'.repeat(12)}`);
    expect(maskEmail('ab')).toBe('ab•••');
  });
});

describe('header account links', () => {
  it('offers Login and Register on /email-search and one sign-in link elsewhere', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(401, {})),
    );
    const view = renderWithApp(<Header />, { path: '/email-search' });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    view.unmount();
    renderWithApp(<Header />, { path: '/library' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('offers the Dashboard when signed in', async () => {
    localStorage.setItem('auth.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(200, TEST_USER)),
    );
    renderWithApp(<Header />, { path: '/email-search' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard'),
    );
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});

describe('code input', () => {
  it('keeps digits only, at most six, from typing or paste', async () => {
    const { CodeStep } = await import('./code-step.tsx');
    renderWithApp(
      <CodeStep
        email="ann@example.com"
        lead="Code sent to {email}."
        verify={async () => ({ error: 'Invalid code' })}
        resend={async () => ({ ok: true, status: 200, body: {}, detail: null, retryAfter: null })}
        resendAt={null}
        onResendAt={() => {}}
        backLabel="Use a different email"
        onBack={() => {}}
        onSignedIn={async () => {}}
      />,
    );
    const input = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '12 34-5a6789' } });
    expect(input.value).toBe('123456');
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code.');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid code'));
  });
});
