import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import ArticlePage from './article-page.tsx';
import { ARTICLES, articleSlug } from './articles.ts';
import { articlesEn } from './content/en.ts';
import { articlesTr } from './content/tr.ts';
import LibraryPage from './library-page.tsx';

const routes = (
  <Routes>
    <Route path="/" element={<h1>search page</h1>} />
    <Route path="/library" element={<LibraryPage />} />
    <Route path="/library/:slug" element={<ArticlePage />} />
  </Routes>
);

describe('library', () => {
  afterEach(() => vi.useRealTimers());

  it('has the three spec articles in order, with ids, slugs, categories, dates and read times', () => {
    expect(ARTICLES.map((a) => [a.id, articleSlug(a, 'Hound'), a.category, a.date, a.readMinutes])).toEqual([
      [3, 'investigating-leaks', 'investigations', '2025-10-08', 5],
      [1, 'what-is-hound', 'tools', '2025-10-01', 3],
      [2, 'what-is-osint', 'fundamentals', '2025-09-29', 3],
    ]);
    expect(ARTICLES.map((a) => a.tags)).toEqual([
      ['OSINT', 'Leaks', 'Data Breaches'],
      ['{brandName}', 'OSINT', 'Username Search'],
      ['OSINT', 'Beginner', 'Intelligence'],
    ]);
  });

  it('articles are full texts in both languages, each with an ethics section', () => {
    for (const content of [articlesEn, articlesTr]) {
      for (const article of Object.values(content)) {
        const words = article.html
          .replace(/<[^>]+>/g, ' ')
          .split(/\s+/)
          .filter(Boolean).length;
        expect(words).toBeGreaterThan(350);
      }
    }
    expect(articlesEn.leaks.html).toMatch(/<h2>An ethics note<\/h2>/);
    expect(articlesEn.osint.html).toMatch(/<h2>Ethics and law<\/h2>/);
  });

  it('"Read Article" shows Loading..., is disabled for 150 ms, then opens the article', () => {
    vi.useFakeTimers();
    renderWithApp(routes, { path: '/library' });
    const button = screen.getByRole('button', { name: /Read Article: What is Hound/ });
    fireEvent.click(button);
    expect(button.textContent).toBe('Loading...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByRole('heading', { level: 1, name: /What is Hound\? Username Search/ })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1, name: /What is Hound\? Username Search/ })).toBeTruthy();
  });

  it('sets the article title and meta, and restores the defaults on leave', () => {
    vi.useFakeTimers();
    renderWithApp(routes, { path: '/library/what-is-osint' });
    expect(document.title).toBe('What is OSINT? A Beginner’s Guide to Open Source Intelligence · Hound');
    const og = () => document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]')!.content;
    const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!.content;
    expect(og()).toBe('What is OSINT? A Beginner’s Guide to Open Source Intelligence');
    expect(description()).toMatch(/^An introduction to open source intelligence/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Back to Library' })[0]!);
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('heading', { level: 1, name: 'OSINT guides' })).toBeTruthy();
    expect(document.title).toBe('Library · OSINT guides · Hound');
  });

  it('shows "Article Not Found" for an unknown slug', () => {
    renderWithApp(routes, { path: '/library/nope' });
    expect(screen.getByRole('heading', { name: 'Article Not Found' })).toBeTruthy();
    expect(screen.getByText("The article you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Library' })).toBeTruthy();
  });

  it('puts a BRAND_NAME with markup into the article as text, not HTML (decision 098)', async () => {
    const brand = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const meta = ARTICLES.find((a) => a.key === 'about')!;
    renderWithApp(routes, { path: `/library/${articleSlug(meta, brand)}`, config: { brand } });
    const body = document.querySelector('.prose')!;
    expect(body.querySelector('img, script')).toBeNull();
    expect(body.textContent).toContain(`${brand} is an open-source tool`);
    expect(body.innerHTML).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      `What is ${brand}? Username Search Across Thousands of Sites`,
    );
  });
});
