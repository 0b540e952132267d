import { useParams } from 'react-router';
import { useSiteConfig } from '../../api/site-config.ts';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { ArrowLeftIcon, ClockIcon } from '../../components/icons.tsx';
import { button, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate.ts';
import { articleTags, findArticle } from './articles.ts';
import { formatArticleDate, useArticleText } from './use-articles.ts';

function BackToLibrary() {
  const { m } = useI18n();
  const { pending, go } = useDelayedNavigate();
  return (
    <button
      type="button"
      className={`${button.ghost} -ml-3`}
      disabled={pending !== null}
      onClick={() => go('/library')}
    >
      <ArrowLeftIcon />
      {pending ? m.common.loading : m.article.back}
    </button>
  );
}

/** Spec 000 §2 article screen, with per-article title/description/social meta restored on leave. */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const { m, locale } = useI18n();
  const { brand } = useSiteConfig();
  const defaults = useDefaultMeta();
  const text = useArticleText();
  const meta = findArticle(slug, brand);
  const article = meta ? text(meta) : null;

  useDocumentMeta(
    article
      ? {
          title: fill(m.article.metaTitle, { title: article.title }),
          description: article.description,
          ogTitle: article.title,
          ogType: 'article',
        }
      : {
          title: fill(m.article.metaTitle, { title: m.article.notFoundTitle }),
          description: m.article.notFoundText,
          noindex: true,
        },
    defaults,
  );

  if (!article) {
    return (
      <div className="fade-in mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">{m.article.notFoundTitle}</h1>
        <p className={`mt-3 ${muted}`}>{m.article.notFoundText}</p>
        <div className="mt-8 flex justify-center">
          <BackToLibrary />
        </div>
      </div>
    );
  }

  return (
    <article className="fade-in mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <BackToLibrary />
      <header className="mt-6 border-b border-slate-200 pb-8 dark:border-slate-800">
        <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
          {m.library.categories[article.category]}
        </p>
        <h1 className="mt-3 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
          {article.title}
        </h1>
        <p className={`mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm ${muted}`}>
          <span>{article.author}</span>
          <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
          <span className="flex items-center gap-1">
            <ClockIcon /> {fill(m.library.readTime, { minutes: article.readMinutes })}
          </span>
        </p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={m.article.tags}>
          {articleTags(article, brand).map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      </header>
      {/* Hand-written article HTML from the bundle, never user input. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted static content */}
      <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />
      <div className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-800">
        <BackToLibrary />
      </div>
    </article>
  );
}
