import { Link } from 'react-router';
import { MailIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';

/**
 * `/email-search` until the email search itself arrives: what it will do, and the account steps that already
 * work (the header adds Dashboard or Login and Register here, spec 000 §2).
 */
export default function EmailSearchPage() {
  const { m } = useI18n();
  const { authenticated } = useAuth();
  const e = m.account.emailSearch;
  return (
    <div className="fade-in mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <div className="flex items-center gap-3">
        <MailIcon className="text-3xl text-amber-700 dark:text-amber-400" />
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{e.title}</h1>
      </div>
      <p className={`mt-4 text-lg ${muted}`}>{e.lead}</p>
      <div className={`${card} mt-8 p-5 sm:p-6`}>
        <p>{authenticated ? e.notYetSignedIn : e.notYet}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {authenticated ? (
            <Link to="/dashboard" className={button.primary}>
              {e.dashboard}
            </Link>
          ) : (
            <>
              <Link to="/register" state={{ from: '/email-search' }} className={button.primary}>
                {m.account.header.register}
              </Link>
              <Link to="/login" state={{ from: '/email-search' }} className={button.secondary}>
                {m.account.header.login}
              </Link>
            </>
          )}
          <Link to="/username-search" className={button.ghost}>
            {e.usernameSearch}
          </Link>
        </div>
      </div>
    </div>
  );
}
