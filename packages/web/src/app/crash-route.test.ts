import { describe, expect, it } from 'vitest';
import { CRASH_TEST_KEY, crashRouteEnabled } from './app.tsx';

describe('/__crash (issue 15, defect 8)', () => {
  const session = (value: string | null) => ({ getItem: (key: string) => (key === CRASH_TEST_KEY ? value : null) });

  it('exists in development builds', () => {
    expect(crashRouteEnabled(true, undefined)).toBe(true);
  });

  it('is not reachable in a production build unless this tab asked for it', () => {
    expect(crashRouteEnabled(false, session(null))).toBe(false);
    expect(crashRouteEnabled(false, undefined)).toBe(false);
    expect(crashRouteEnabled(false, session('1'))).toBe(true);
    expect(
      crashRouteEnabled(false, {
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
  });
});
