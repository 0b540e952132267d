import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { registerServerText } from '../i18n/server-text.ts';

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// Files share a worker and its DOM (isolate: false, decision 124): what a file stubbed, faked or stored is
// undone before the next file starts.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // The server's messages go back to English, as a page starts.
  registerServerText('en', null);
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof document !== 'undefined') document.body.replaceChildren();
});

// No web test reaches a server by accident: a request to the page's own origin (the app's API, relative
// URLs included) that the test did not stub fails at once as a network error, instead of connecting to
// whatever listens on happy-dom's localhost:3000 (a query still running when a test's stub was removed
// did). Tests with a server of their own call it by its absolute URL.
if (typeof window !== 'undefined' && !(globalThis.fetch as { unstubbedGuard?: true }).unstubbedGuard) {
  const real = globalThis.fetch;
  const guarded = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin === window.location.origin) {
      return Promise.reject(new TypeError(`unstubbed request in a web test: ${url.pathname}`));
    }
    return real(input, init);
  };
  globalThis.fetch = Object.assign(guarded, { unstubbedGuard: true as const }) as typeof fetch;
}

// happy-dom has no default display for <wbr> (browsers make it inline), so accessible names computed here
// would gain spaces around each break opportunity BreakableAddress puts in an address.
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = 'wbr { display: inline; }';
  document.head.append(style);
}
