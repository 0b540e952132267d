import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Fragile() {
  const [broken] = useState(() => (globalThis as { breakPage?: boolean }).breakPage);
  if (broken) throw new Error('page exploded');
  return <p>page works</p>;
}

describe('RouteErrorBoundary', () => {
  it('shows the page error in place of a page that throws, and can try again', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    (globalThis as { breakPage?: boolean }).breakPage = true;
    render(
      <RouteErrorBoundary title="Sayfa Hatası" text="Bu sayfa gösterilemedi." retry="Tekrar dene">
        <Fragile />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Sayfa Hatası');
    expect(screen.getByText('page exploded')).toBeTruthy();
    (globalThis as { breakPage?: boolean }).breakPage = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(screen.getByText('page works')).toBeTruthy();
    quiet.mockRestore();
  });
});
