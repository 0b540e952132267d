/** The library's fixed articles (spec 000 §3): ids, slugs, categories, dates, read times and tags. */
export type ArticleKey = 'leaks' | 'about' | 'osint';
export type ArticleCategory = 'investigations' | 'tools' | 'fundamentals';

export interface ArticleMeta {
  id: number;
  key: ArticleKey;
  /** `{brand}` is replaced with the brand's slug (what-is-hound). */
  slugTemplate: string;
  category: ArticleCategory;
  author: string;
  /** ISO date. */
  date: string;
  readMinutes: number;
  tags: string[];
}

export interface ArticleText {
  title: string;
  excerpt: string;
  /** Meta description for search engines and link previews. */
  description: string;
  /** Trusted, hand-written HTML (never user input). */
  html: string;
}

export type ArticleContent = Record<ArticleKey, ArticleText>;

export const ARTICLES: ArticleMeta[] = [
  {
    id: 3,
    key: 'leaks',
    slugTemplate: 'investigating-leaks',
    category: 'investigations',
    author: '{brand} team',
    date: '2025-10-08',
    readMinutes: 5,
    tags: ['OSINT', 'Leaks', 'Data Breaches'],
  },
  {
    id: 1,
    key: 'about',
    slugTemplate: 'what-is-{brand}',
    category: 'tools',
    author: '{brand} team',
    date: '2025-10-01',
    readMinutes: 3,
    tags: ['{brandName}', 'OSINT', 'Username Search'],
  },
  {
    id: 2,
    key: 'osint',
    slugTemplate: 'what-is-osint',
    category: 'fundamentals',
    author: '{brand} team',
    date: '2025-09-29',
    readMinutes: 3,
    tags: ['OSINT', 'Beginner', 'Intelligence'],
  },
];

export function brandSlug(brand: string): string {
  return (
    brand
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'hound'
  );
}

export function articleSlug(article: ArticleMeta, brand: string): string {
  return article.slugTemplate.replace('{brand}', brandSlug(brand));
}

export function findArticle(slug: string, brand: string): ArticleMeta | undefined {
  return ARTICLES.find((a) => articleSlug(a, brand) === slug);
}

export function articleTags(article: ArticleMeta, brand: string): string[] {
  return article.tags.map((t) => t.replace('{brandName}', brand));
}
