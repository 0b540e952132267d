import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description: string;
  /** Social (Open Graph) title and description; default to title and description. */
  ogTitle?: string;
  ogDescription?: string;
  ogType?: 'website' | 'article';
  /** Keep the page out of search engines (hidden pages). */
  noindex?: boolean;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

export function applyMeta(meta: DocumentMeta): void {
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', meta.ogTitle ?? meta.title);
  setMeta('property', 'og:description', meta.ogDescription ?? meta.description);
  setMeta('property', 'og:type', meta.ogType ?? 'website');
  setMeta('name', 'twitter:card', 'summary');
  setMeta('name', 'robots', meta.noindex ? 'noindex' : null);
}

/** Sets the page's title and meta tags while mounted; restores the search tool's defaults on leave. */
export function useDocumentMeta(meta: DocumentMeta, defaults: DocumentMeta): void {
  const { title, description, ogTitle, ogDescription, ogType, noindex } = meta;
  useEffect(() => {
    applyMeta({ title, description, ogTitle, ogDescription, ogType, noindex });
  }, [title, description, ogTitle, ogDescription, ogType, noindex]);
  const { title: dTitle, description: dDescription } = defaults;
  useEffect(() => () => applyMeta({ title: dTitle, description: dDescription }), [dTitle, dDescription]);
}
