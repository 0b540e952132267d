import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { preloadSearchApi } from '../../api/lazy-search-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SearchForm, submittableUsername } from './search-form.tsx';

const history = [
  { username: 'alice', timestamp: Date.now() - 5 * 60_000, resultCount: 12 },
  { username: 'bob', timestamp: Date.now() - 2 * 86_400_000, resultCount: 1 },
];

// The form preloads the search API (a dynamic import) on focus or idle: let it finish before the
// environment is torn down, or a slow machine reports "Cannot load … after the environment was torn down".
afterAll(() => preloadSearchApi());

function setup(props: Partial<Parameters<typeof SearchForm>[0]> = {}) {
  const onSearch = vi.fn();
  const onClearHistory = vi.fn();
  renderWithApp(
    <SearchForm running={false} history={[]} onSearch={onSearch} onClearHistory={onClearHistory} {...props} />,
  );
  const input = screen.getByPlaceholderText('Enter username to search...');
  const button = screen.getByRole('button', { name: 'Search' });
  return { input, button, onSearch, onClearHistory };
}

describe('SearchForm (spec 000 §5)', () => {
  it('trims the input before searching', () => {
    const { input, button, onSearch } = setup();
    fireEvent.change(input, { target: { value: '  alice  ' } });
    fireEvent.click(button);
    expect(onSearch).toHaveBeenCalledWith('alice');
    expect(submittableUsername(' \t ')).toBeNull();
  });

  it('blocks empty and whitespace-only input', () => {
    const { input, button, onSearch } = setup();
    fireEvent.click(button);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(button);
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).not.toHaveBeenCalled();
    // …and says why, until something is typed.
    expect(screen.getByRole('alert').textContent).toMatch(/Type a username first/);
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the input and the Search button while a search runs', () => {
    const { input, button } = setup({ running: true });
    expect((input as HTMLButtonElement).disabled).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('clears the input with the clear button', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear input' }));
    expect(input).toHaveProperty('value', '');
  });

  it('explains email-shaped input and offers the part before the @', () => {
    const { input, button, onSearch } = setup();
    fireEvent.change(input, { target: { value: 'alice@example.com' } });
    expect(screen.getByText(/looks like an email address/)).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // Or the address itself, with the email search (its page opens with the address filled in).
    expect(screen.getByRole('link', { name: 'Search this address with Hound Email' }).getAttribute('href')).toBe(
      '/email-search?email=alice%40example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search “alice” instead' }));
    expect(onSearch).toHaveBeenCalledWith('alice');
  });

  it('shows recent searches on focus, and searches or clears from there', () => {
    const { input, onSearch, onClearHistory } = setup({ history });
    expect(screen.queryByText('Recent searches (2)')).toBeNull();
    fireEvent.focus(input);
    expect(screen.getByText('Recent searches (2)')).toBeTruthy();
    expect(screen.getByText('12 results')).toBeTruthy();
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /bob/ }));
    expect(onSearch).toHaveBeenCalledWith('bob');
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onClearHistory).toHaveBeenCalled();
  });

  it('closes recent searches with Escape', () => {
    const { input } = setup({ history });
    act(() => input.focus());
    expect(screen.getByText('Recent searches (2)')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByText('Recent searches (2)')).toBeNull();
  });
});
