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

// happy-dom has no default display for <wbr> (browsers make it inline), so accessible names computed here
// would gain spaces around each break opportunity BreakableAddress puts in an address.
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = 'wbr { display: inline; }';
  document.head.append(style);
}
