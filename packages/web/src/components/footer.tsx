import { Link } from 'react-router';
import { SHERLOCK_REPOSITORY, useSiteConfig } from '../api/site-config.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { LogoMark } from './icons.tsx';
import { link, muted } from './ui.ts';

const SITE_LINKS = [
  ['/pricing', 'pricing'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/email-terms', 'emailTerms'],
  ['/contact', 'contact'],
  ['/licenses', 'licenses'],
] as const;

function SiteLinks({ className }: { className: string }) {
  const { m } = useI18n();
  return (
    <ul className={className}>
      {SITE_LINKS.map(([to, key]) => (
        <li key={to}>
          <Link to={to} className={link}>
            {m.footer[key]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ExternalLinks({ className }: { className: string }) {
  const { m } = useI18n();
  const { communityUrl } = useSiteConfig();
  return (
    <ul className={className}>
      <li>
        <a href={SHERLOCK_REPOSITORY} className={link} rel="noopener noreferrer" target="_blank">
          {m.footer.sherlock}
        </a>
      </li>
      {communityUrl && (
        <li>
          <a href={communityUrl} className={link} rel="noopener noreferrer" target="_blank">
            {m.footer.community}
          </a>
        </li>
      )}
    </ul>
  );
}

/** "API": its page (spec 001's waitlist became API access, issue 40). */
function ApiLink({ className }: { className: string }) {
  const { m } = useI18n();
  return (
    <ul className={className}>
      <li>
        <Link to="/api-access" className={link}>
          {m.account.apiModal.footerLink}
        </Link>
      </li>
    </ul>
  );
}

function Copyright() {
  const { m } = useI18n();
  return <p>{m.footer.copyright.replace('{year}', String(new Date().getFullYear()))}</p>;
}

/** Spec 000 §2 footer, full variant (home): what it is, how to use it, features, links. */
export function FullFooter() {
  const { m } = useI18n();
  return (
    <footer className="mt-24 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_0.8fr]">
        <section aria-labelledby="footer-what">
          <h2 id="footer-what" className="flex items-center gap-2 font-semibold">
            <LogoMark className="text-xl" /> {m.footer.whatTitle}
          </h2>
          <p className={`mt-3 text-sm leading-relaxed ${muted}`}>{m.footer.what}</p>
        </section>
        <section aria-labelledby="footer-how">
          <h2 id="footer-how" className="font-semibold">
            {m.footer.howTitle}
          </h2>
          <ol className={`mt-3 list-decimal space-y-1.5 pl-5 text-sm ${muted}`}>
            {m.footer.howSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="footer-features">
          <h2 id="footer-features" className="font-semibold">
            {m.footer.featuresTitle}
          </h2>
          <ul className={`mt-3 space-y-1.5 text-sm ${muted}`}>
            {m.footer.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-amber-700 dark:text-amber-400">
                  •
                </span>
                {feature}
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-semibold">
            {m.footer.linksTitle}
          </h2>
          <SiteLinks className="mt-3 space-y-1.5 text-sm" />
          <ExternalLinks className="mt-4 space-y-1.5 text-sm" />
          <ApiLink className="mt-4 space-y-1.5 text-sm" />
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div
          className={`mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6 ${muted}`}
        >
          <Copyright />
          <p>{m.footer.dataCredit}</p>
        </div>
      </div>
    </footer>
  );
}

/** Spec 000 §2 footer, minimal variant (every other page). */
export function MinimalFooter() {
  const { m } = useI18n();
  return (
    <footer className="mt-24 border-t border-slate-200 dark:border-slate-800">
      <nav
        aria-label={m.footer.linksTitle}
        className={`mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-center md:justify-between ${muted}`}
      >
        <Copyright />
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <SiteLinks className="flex flex-wrap gap-x-5 gap-y-2" />
          <ExternalLinks className="flex flex-wrap gap-x-5 gap-y-2" />
          <ApiLink className="flex flex-wrap gap-x-5 gap-y-2" />
        </div>
      </nav>
    </footer>
  );
}
