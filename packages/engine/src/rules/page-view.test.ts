import { describe, expect, it } from 'vitest';
import type { CheckResponse } from '../model.ts';
import { isTextMarker, pageHas, pageView } from './page-view.ts';

// docs/decisions/128: plain-text markers count where a reader sees them.

const res = (body: string, type = 'text/html'): CheckResponse => ({
  status: 200,
  headers: { 'content-type': type },
  body,
  finalUrl: 'https://site.test/u/x',
  redirects: 0,
  truncated: false,
  method: 'GET',
});

describe('pageHas', () => {
  const marker = 'User not found';
  it('counts a phrase in the visible text, <title> and <noscript> included', () => {
    expect(pageHas(res(`<p>${marker}</p>`), marker)).toBe(true);
    expect(pageHas(res(`<title>${marker}</title>`), marker)).toBe(true);
    expect(pageHas(res(`<noscript>${marker}</noscript>`), marker)).toBe(true);
  });
  it('not in a script, a style, a comment or an attribute', () => {
    expect(pageHas(res(`<script>var t="${marker}"</script><p>hi</p>`), marker)).toBe(false);
    expect(pageHas(res(`<SCRIPT>var t="${marker}"</SCRIPT>`), marker)).toBe(false);
    expect(pageHas(res(`<style>.x:after{content:"${marker}"}</style>`), marker)).toBe(false);
    expect(pageHas(res(`<!-- ${marker} --><p>hi</p>`), marker)).toBe(false);
    expect(pageHas(res(`<div data-error="${marker}"></div>`), marker)).toBe(false);
    // Hidden once, shown later: shown.
    expect(pageHas(res(`<script>"${marker}"</script><p>${marker}</p>`), marker)).toBe(true);
  });
  it('raw for markup markers, single tokens, JSON, plain text, and when asked', () => {
    expect(isTextMarker('profile-card')).toBe(false);
    expect(isTextMarker('<div class="x">')).toBe(false);
    expect(pageHas(res('<div class="profile-card"></div>'), 'profile-card')).toBe(true);
    expect(pageHas(res(`{"error":"${marker}"}`, 'application/json'), marker)).toBe(true);
    expect(pageHas(res(`<script>"${marker}"</script>`), marker, true)).toBe(true);
  });
  it('a marker seen past the kept part of a long page counts', () => {
    expect(pageHas({ ...res('<p>start</p>'), seen: [marker] }, marker)).toBe(true);
  });
});

describe('pageView', () => {
  it('is memoised per response and lazy', () => {
    const r = res('<html><head><title> A &amp; B </title></head><body><script>x</script><p>Hello</p></body></html>');
    expect(pageView(r)).toBe(pageView(r));
    expect(pageView(r).title()).toBe('A & B');
    expect(pageView(r).visibleText()).toContain('Hello');
    expect(pageView(r).visibleText()).not.toContain('x ');
    expect(pageView(res('{"a":[1]}', 'application/json')).json()).toEqual({ a: [1] });
    expect(pageView(res('<p>x</p>')).json()).toBeUndefined();
  });
});
