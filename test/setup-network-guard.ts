import { afterEach } from 'vitest';
import { installNetworkGuard, takeViolations } from './network-guard.ts';

installNetworkGuard();

afterEach(() => {
  const found = takeViolations();
  if (found.length > 0) throw new Error(found.join('\n'));
});
