import type { SearchScope } from '@hound/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { parseSiteList, ScopeOptions } from './scope-options.tsx';

function Harness({ seen }: { seen: SearchScope[] }) {
  const [scope, setScope] = useState<SearchScope>({});
  return (
    <ScopeOptions
      scope={scope}
      onChange={(next) => {
        seen.push(next);
        setScope(next);
      }}
    />
  );
}

describe('which sites (issue 15, capability 12)', () => {
  it('reads a comma-separated site list', () => {
    expect(parseSiteList(' GitHub, ,Reddit ,')).toEqual(['GitHub', 'Reddit']);
  });

  it("offers the server's categories with their counts, NSFW and named sites", () => {
    const seen: SearchScope[] = [];
    renderWithApp(<Harness seen={seen} />, {
      config: {
        categories: [
          { id: 'coding', sites: 120 },
          { id: 'gaming', sites: 80 },
        ],
      },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /coding/ }));
    expect(seen.at(-1)).toEqual({ categories: ['coding'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include adult (NSFW) sites' }));
    expect(seen.at(-1)).toEqual({ categories: ['coding'], nsfw: true });
    fireEvent.change(screen.getByLabelText('Only these sites (names, comma-separated)'), {
      target: { value: 'GitHub, Reddit' },
    });
    expect(seen.at(-1)).toEqual({ categories: ['coding'], nsfw: true, sites: ['GitHub', 'Reddit'] });
    fireEvent.click(screen.getByRole('checkbox', { name: /coding/ }));
    expect(seen.at(-1)!.categories).toBeUndefined();
    expect(screen.getByText('120')).toBeTruthy();
  });
});
