import { useSiteConfig } from '../../api/site-config.ts';
import { useI18n, withBrand } from '../../i18n/i18n.tsx';
import { htmlText } from '../../lib/html-text.ts';
import { type ArticleContent, type ArticleMeta, articleSlug } from './articles.ts';
import { articlesEn } from './content/en.ts';
import { articlesTr } from './content/tr.ts';

export interface Article extends ArticleMeta {
  slug: string;
  title: string;
  excerpt: string;
  description: string;
  html: string;
}

export function useArticleText(): (meta: ArticleMeta) => Article {
  const { language } = useI18n();
  const { brand } = useSiteConfig();
  const content: ArticleContent = language === 'tr' ? articlesTr : articlesEn;
  return (meta) => ({
    ...meta,
    ...withBrand(content[meta.key], brand),
    // The body is HTML: the operator's BRAND_NAME goes in as text, never as markup (decision 098).
    html: content[meta.key].html.replaceAll('{brand}', htmlText(brand)),
    author: meta.author.replace('{brand}', brand),
    slug: articleSlug(meta, brand),
  });
}

export function formatArticleDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
