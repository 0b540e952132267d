/** "Follow leads" in the search form's options (issue 29): signed-in visitors only, off by default, depth 1 or 2. */
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { preloadSearchApi } from '../../api/lazy-search-api.ts';
import type { SearchOptions } from '../../api/search-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SearchForm } from './search-form.tsx';

afterAll(() => preloadSearchApi());

function Form({
  canFollowLeads,
  onScopeChange,
}: {
  canFollowLeads: boolean;
  onScopeChange(next: SearchOptions): void;
}) {
  const [scope, setScope] = useState<SearchOptions>({});
  return (
    <SearchForm
      running={false}
      history={[]}
      onSearch={vi.fn()}
      onSearchMany={vi.fn()}
      onClearHistory={vi.fn()}
      scope={scope}
      onScopeChange={(next) => {
        onScopeChange(next);
        setScope(next);
      }}
      canFollowLeads={canFollowLeads}
    />
  );
}

function setup(canFollowLeads: boolean, language: 'en' | 'tr' = 'en') {
  const onScopeChange = vi.fn();
  renderWithApp(<Form canFollowLeads={canFollowLeads} onScopeChange={onScopeChange} />, { language });
  return { onScopeChange, scope: () => onScopeChange.mock.lastCall?.[0] as SearchOptions | undefined };
}

describe('Follow leads in the search options', () => {
  it('is off by default; on sends recursive with depth 1, depth 2 can be chosen, off removes both', () => {
    const { onScopeChange, scope } = setup(true);
    const box = screen.getByRole('checkbox', { name: /Follow leads/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'How far' })).toBeNull();
    fireEvent.click(box);
    expect(scope()).toEqual({ recursive: true, depth: 1 });
    fireEvent.change(screen.getByRole('combobox', { name: 'How far' }), { target: { value: '2' } });
    expect(scope()).toEqual({ recursive: true, depth: 2 });
    fireEvent.click(screen.getByRole('checkbox', { name: /Follow leads/ }));
    expect(scope()).toEqual({ recursive: undefined, depth: undefined });
    expect(onScopeChange).toHaveBeenCalledTimes(3);
  });

  it('is not offered to visitors who are not signed in (the server refuses them)', () => {
    setup(false);
    expect(screen.queryByRole('checkbox', { name: /Follow leads/ })).toBeNull();
    // The rest of the options are still there.
    expect(screen.getByRole('checkbox', { name: /adult/ })).toBeTruthy();
  });

  it('in Turkish', () => {
    setup(true, 'tr');
    fireEvent.click(screen.getByRole('checkbox', { name: /İpuçlarını izle/ }));
    expect(screen.getByRole('combobox', { name: 'Ne kadar uzağa' })).toBeTruthy();
  });
});
