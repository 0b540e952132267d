import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useChangeLanguage } from '../features/auth/use-change-language.ts';
import { useCredits, useCreditsFollowUser } from '../features/billing/use-credits.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { LANGUAGES } from '../i18n/messages.ts';
import { useTheme } from '../lib/theme.tsx';
import { BookIcon, GlobeIcon, LogoMark, MoonIcon, SunIcon, SwapIcon, UserIcon } from './icons.tsx';
import { button, focusRing } from './ui.ts';

/** The page reload of the brand link (replaceable in tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

export function Header() {
  const { m, language } = useI18n();
  const changeLanguage = useChangeLanguage();
  const { theme, toggle } = useTheme();
  const location = useLocation();
  // The email page's header and a signed-in header (with the credit balance) carry the most buttons; on
  // phones they drop the brand name to fit.
  const { authenticated } = useAuth();
  useCreditsFollowUser();
  const crowded = location.pathname === '/email-search' || authenticated;

  // Spec 000 §2: the brand link reloads the page when the visitor is already on /. The browser's address
  // decides, not the router's: just after a click elsewhere the router may still show the old page while
  // the address is already the new one, and a reload would then reload that other page.
  const onBrandClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (window.location.pathname === '/' && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      pageReload.reload();
    }
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-slate-50/85 backdrop-blur dark:border-slate-800/80 dark:bg-[#0b0f17]/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-2 sm:px-6">
        <Link
          to="/"
          onClick={onBrandClick}
          className={`mr-auto flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight ${focusRing}`}
          aria-label={m.header.home}
        >
          <LogoMark className="text-[28px]" />
          <span className={crowded ? 'hidden sm:inline' : ''}>{m.brand}</span>
        </Link>
        <nav aria-label={m.header.nav} className="flex items-center gap-1">
          <NavLink
            to="/library"
            className={({ isActive }) =>
              `${button.ghost} ${isActive ? 'bg-slate-200/70 dark:bg-slate-800' : ''} px-2.5 sm:px-3`
            }
            aria-label={m.header.library}
          >
            <BookIcon />
            {/* On phones the header holds six controls: icons only. */}
            <span className="hidden sm:inline">{m.header.library}</span>
          </NavLink>
          <ModeSwitch />
        </nav>
        <AccountLinks />
        {/* The native select sits invisibly over a short code, so the open list still shows full names. */}
        <label
          className={`relative flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-200/70 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-amber-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:has-[select:focus-visible]:outline-amber-400`}
        >
          <GlobeIcon className="hidden sm:block" />
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <select
            aria-label={m.header.language}
            value={language}
            onChange={(e) => changeLanguage(e.target.value)}
            className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {m.languages[lang]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={button.icon}
          onClick={toggle}
          aria-label={theme === 'dark' ? m.header.toLight : m.header.toDark}
          title={theme === 'dark' ? m.header.toLight : m.header.toDark}
        >
          {theme === 'dark' ? <SunIcon className="text-lg" /> : <MoonIcon className="text-lg" />}
        </button>
      </div>
    </header>
  );
}

/**
 * Spec 000 §2's mode switch: from the email pages back to username search, from anywhere else to the email
 * page (on dashboard paths it reads "{brand} Email"). The label names where it goes; below 1024 px only the icon.
 */
function ModeSwitch() {
  const { m } = useI18n();
  const { pathname } = useLocation();
  const a = m.account.header;
  // An email search's own page (`/email-search/{id}`) is the email mode too.
  const toUsername = pathname === '/email-search' || pathname.startsWith('/email-search/');
  const label = toUsername ? a.usernameMode : a.emailMode;
  return (
    <Link
      to={toUsername ? '/username-search' : '/email-search'}
      className={`${button.ghost} px-2.5 sm:px-3`}
      title={a.switchMode}
      aria-label={label}
    >
      <SwapIcon />
      <span className="hidden lg:inline">{label}</span>
    </Link>
  );
}

/**
 * Spec 000 §2: on /email-search, a Dashboard button when signed in, Login and Register when not. Elsewhere
 * one compact link to the account (Dashboard) or to sign in.
 */
function AccountLinks() {
  const { m } = useI18n();
  const { authenticated } = useAuth();
  const { pathname } = useLocation();
  const a = m.account.header;
  if (authenticated) {
    return (
      <>
        <CreditsBadge />
        <Link to="/dashboard" className={`${button.ghost} px-2.5 sm:px-3`} aria-label={a.dashboard}>
          <UserIcon />
          <span className="hidden sm:inline">{a.dashboard}</span>
        </Link>
      </>
    );
  }
  if (pathname === '/email-search') {
    return (
      <>
        <Link
          to="/login"
          state={{ from: '/email-search' }}
          className={`${button.ghost} px-2.5 whitespace-nowrap sm:px-3`}
        >
          {a.login}
        </Link>
        <Link
          to="/register"
          state={{ from: '/email-search' }}
          className={`${button.secondary} px-2.5 whitespace-nowrap sm:px-3`}
        >
          {a.register}
        </Link>
      </>
    );
  }
  return (
    <Link to="/login" state={{ from: pathname }} className={`${button.ghost} px-2.5 sm:px-3`} aria-label={a.signIn}>
      <UserIcon />
      <span className="hidden sm:inline">{a.signIn}</span>
    </Link>
  );
}

/** The signed-in user's credit balance (issue 27 item 4), kept current by `useCredits`; links to Billing. */
function CreditsBadge() {
  const { m, locale } = useI18n();
  const credits = useCredits();
  if (!credits.data) return null;
  const count = credits.data.credits.toLocaleString(locale);
  return (
    <Link
      to="/dashboard/billing"
      className={`${button.ghost} gap-1 px-2 tabular-nums sm:px-3`}
      // No aria-label: the accessible name is the visible text ("3 credits"), which screen-reader users and
      // voice control both see; the tooltip says what the credits are for.
      title={m.account.header.credits.replace('{count}', count)}
      data-testid="header-credits"
    >
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
        {count}
      </span>
      <span className="sr-only text-sm md:not-sr-only">{m.account.header.creditsWord}</span>
    </Link>
  );
}
