import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// happy-dom has no default display for <wbr> (browsers make it inline), so accessible names computed here
// would gain spaces around each break opportunity BreakableAddress puts in an address.
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = 'wbr { display: inline; }';
  document.head.append(style);
}
