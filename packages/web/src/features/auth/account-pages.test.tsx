import { ACCOUNT_MESSAGES } from '@hound/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../components/header.tsx';
import { ACCOUNT_RULES } from '../../i18n/account-rules.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import EmailSearchPage from '../email-search/email-search-page.tsx';
import { localiseAccountText } from './account-text.ts';
import { useAuth } from './auth-context.tsx';
import LoginPage from './login-page.tsx';
import RegisterPage from './register-page.tsx';
import { RequireAuth } from './require-auth.tsx';

function signedIn(user = TEST_USER) {
  localStorage.setItem('auth.signedIn', '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => jsonAnswer(200, user)),
  );
}

function signedOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => jsonAnswer(401, {})),
  );
}

/** Shows where the router is, and the `from` it was given. */
function Where() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '-';
  return <p data-testid="where">{`${location.pathname} from ${from}`}</p>;
}

/** A page that ends the session on purpose (as Logout and account deletion do). */
function SignOut() {
  const auth = useAuth();
  return (
    <button type="button" onClick={auth.forget}>
      out
    </button>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('account messages in the page language', () => {
  it('turns every contract message into its Turkish text, placeholders included, and leaves others alone', () => {
    for (const [key, text] of Object.entries(ACCOUNT_MESSAGES)) {
      const turkish = ACCOUNT_RULES.tr[key as keyof typeof ACCOUNT_MESSAGES];
      expect(turkish, key).toBeTruthy();
      if (!text.includes('{')) expect(localiseAccountText(text, ACCOUNT_RULES.tr)).toBe(turkish);
    }
    const cooldown = ACCOUNT_MESSAGES.codeCooldown.replace('{seconds}', '42');
    expect(localiseAccountText(cooldown, ACCOUNT_RULES.tr)).toBe(
      'Yeni bir kod istemeden önce lütfen 42 saniye bekleyin.',
    );
    expect(localiseAccountText(cooldown, {})).toBe(cooldown);
    expect(localiseAccountText('Something the server made up', ACCOUNT_RULES.tr)).toBe('Something the server made up');
  });

  it('shows the registration rules in Turkish on a Turkish page', async () => {
    signedOut();
    renderWithApp(<RegisterPage />, { language: 'tr', path: '/register' });
    fireEvent.click(screen.getByRole('button', { name: 'Devam et' }));
    expect(await screen.findByText('Doğum tarihi zorunludur.')).toBeTruthy();
    expect(screen.getByText(ACCOUNT_RULES.tr.emailRequired!)).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.dateOfBirthRequired)).toBeNull();
  });

  it('says why it asks the date of birth, tied to the field', () => {
    signedOut();
    renderWithApp(<RegisterPage />, { path: '/register' });
    const field = screen.getByLabelText('Date of birth');
    const why = screen.getByText(/^Only to confirm you are 18 or older/);
    expect(field.getAttribute('aria-describedby')).toContain(why.id);
  });
});

describe('login', () => {
  it('refuses a bad address with the spec message before calling the server', async () => {
    const fetch = vi.fn((_url: string) => jsonAnswer(401, {}));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<LoginPage />, { path: '/login' });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a$b@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('send-otp'))).toBe(false);
  });

  it('sends the code in the page language, counts down to a resend and shows the server detail on 429', async () => {
    const fetch = vi.fn((url: string, _init?: RequestInit) =>
      url.endsWith('/send-otp') && fetch.mock.calls.length > 1
        ? jsonAnswer(
            429,
            { detail: ACCOUNT_MESSAGES.tooManyCodes, code: 'AUTH_TOO_MANY_CODES' },
            { 'retry-after': '120' },
          )
        : jsonAnswer(200, { status: 'sent', message: 'ok', resend_after_seconds: 0 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<LoginPage />, { path: '/login', language: 'tr' });
    fireEvent.change(screen.getByLabelText('E-posta adresi'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kod gönder' }));
    await screen.findByLabelText('6 haneli kod');
    const [, init] = fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).get('accept-language')).toBe('tr');
    fireEvent.click(screen.getByRole('button', { name: 'Yeni kod gönder' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_RULES.tr.tooManyCodes);
    // Retry-After restarts the countdown.
    expect(screen.getByText(/120 sn sonra/)).toBeTruthy();
  });

  it('sends a signed-in visitor on to the remembered page', async () => {
    signedIn();
    renderWithApp(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/login' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard from -'));
  });
});

describe('session across tabs', () => {
  it('follows a sign-out made in another tab', async () => {
    signedIn();
    renderWithApp(
      <Routes>
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <p>inside</p>
            </RequireAuth>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/dashboard' },
    );
    await screen.findByText('inside');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth.signedIn', newValue: null }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/login from /dashboard');
    expect(screen.queryByText('inside')).toBeNull();
  });
});

describe('a session that ended elsewhere', () => {
  it('is forgotten when a signed-in call answers 401', async () => {
    signedIn();
    renderWithApp(
      <Routes>
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <p>inside</p>
            </RequireAuth>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/dashboard' },
    );
    await screen.findByText('inside');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => jsonAnswer(401, { detail: ACCOUNT_MESSAGES.notAuthenticated, code: 'AUTH_REQUIRED' })),
    );
    await act(() => apiFetch('/me/searches'));
    expect(screen.getByTestId('where').textContent).toBe('/login from /dashboard');
    expect(localStorage.getItem('auth.signedIn')).toBeNull();
  });
});

describe('a deliberate sign-out', () => {
  it('leaves the navigation to the page instead of detouring to /login', async () => {
    signedIn();
    const routes = (
      <Routes>
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <SignOut />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    );
    renderWithApp(routes, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'out' }));
    expect(screen.queryByRole('button', { name: 'out' })).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('protected routes', () => {
  it('send a signed-out visitor to /login remembering the page, and a non-admin from /admin to /dashboard', async () => {
    signedOut();
    const routes = (
      <Routes>
        <Route
          path="/dashboard/settings"
          element={
            <RequireAuth>
              <p>settings</p>
            </RequireAuth>
          }
        />
        <Route
          path="/admin"
          element={
            <RequireAuth admin>
              <p>admin</p>
            </RequireAuth>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    );
    const view = renderWithApp(routes, { path: '/dashboard/settings' });
    expect(screen.getByTestId('where').textContent).toBe('/login from /dashboard/settings');
    view.unmount();
    signedIn();
    renderWithApp(routes, { path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard from -'));
  });

  it('let an admin into /admin', async () => {
    signedIn({ ...TEST_USER, is_admin: true });
    renderWithApp(
      <RequireAuth admin>
        <p>admin</p>
      </RequireAuth>,
      { path: '/admin' },
    );
    expect(await screen.findByText('admin')).toBeTruthy();
  });
});

describe('email search mode', () => {
  it('switches to /email-search from username pages and back from the email page', () => {
    signedOut();
    const view = renderWithApp(<Header />, { path: '/library' });
    expect(screen.getByRole('link', { name: /Email$/ }).getAttribute('href')).toBe('/email-search');
    view.unmount();
    renderWithApp(<Header />, { path: '/email-search' });
    expect(screen.getByRole('link', { name: /Username$/ }).getAttribute('href')).toBe('/username-search');
  });

  it('an email search’s own page switches to username search too', () => {
    signedOut();
    renderWithApp(<Header />, { path: '/email-search/AbCdEfGhIjKlMnOpQrStUv' });
    expect(screen.getByRole('link', { name: /Username$/ }).getAttribute('href')).toBe('/username-search');
  });

  it('checks the address with the spec messages, and sends visitors to sign in first', async () => {
    signedOut();
    renderWithApp(<EmailSearchPage />, { path: '/email-search' });
    const input = screen.getByLabelText('Email address');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an email address');
    fireEvent.change(input, { target: { value: 'a$b@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid email. Max 70 chars, and characters $ / \\ " are not allowed.',
    );
    // Not an address at all: said so, not the length-and-characters message (issue 27 item 12).
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address, like name@example.com.');
    expect(screen.getByText(/No email is sent to the address/)).toBeTruthy();
    expect(screen.getAllByText('Only available in Email Plus')).toHaveLength(5);
  });
});
