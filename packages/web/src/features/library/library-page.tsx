import { useDefaultMeta } from '../../app/default-meta.ts';
import { ArrowLeftIcon, ClockIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate.ts';
import { ARTICLES } from './articles.ts';
import { formatArticleDate, useArticleText } from './use-articles.ts';

/** Spec 000 §2 library list: heading, intro, Back to Search, and a grid of article cards. */
export default function LibraryPage() {
  const { m, locale } = useI18n();
  const defaults = useDefaultMeta();
  useDocumentMeta({ title: m.library.metaTitle, description: m.library.metaDescription }, defaults);
  const { pending, go } = useDelayedNavigate();
  const text = useArticleText();

  return (
    <div className="fade-in mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <button type="button" className={`${button.ghost} -ml-3`} disabled={pending !== null} onClick={() => go('/')}>
        <ArrowLeftIcon />
        {pending === '/' ? m.common.loading : m.library.back}
      </button>
      <header className="mt-6 max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
          {m.library.eyebrow}
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">{m.library.title}</h1>
        <p className={`mt-4 text-lg leading-relaxed ${muted}`}>{m.library.intro}</p>
      </header>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {ARTICLES.map((meta) => {
          const article = text(meta);
          const to = `/library/${article.slug}`;
          return (
            <li key={article.id} className={`${card} flex flex-col p-6 transition-shadow hover:shadow-md`}>
              <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
                {m.library.categories[article.category]}
              </p>
              <p className={`mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${muted}`}>
                <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
                <span className="flex items-center gap-1">
                  <ClockIcon /> {fill(m.library.readTime, { minutes: article.readMinutes })}
                </span>
              </p>
              <h2 className="mt-3 text-xl leading-snug font-semibold">{article.title}</h2>
              <p className={`mt-3 flex-1 leading-relaxed ${muted}`}>{article.excerpt}</p>
              <button
                type="button"
                className={`${button.secondary} mt-6 self-start`}
                disabled={pending !== null}
                onClick={() => go(to)}
                aria-label={`${m.library.read}: ${article.title}`}
              >
                {pending === to ? m.common.loading : m.library.read}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
