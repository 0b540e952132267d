import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { creditAmount } from './credit-amount.ts';
import { CreditModal } from './credit-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('admin credit amount (spec 001 §5)', () => {
  it('takes whole numbers from 1 to 1000 and falls back to 1 otherwise', () => {
    expect(creditAmount('5')).toBe(5);
    expect(creditAmount(' 1000 ')).toBe(1000);
    for (const bad of ['', '0', '1001', '2.5', 'abc', '-3', '1e2x']) expect(creditAmount(bad)).toBe(1);
  });

  it('the field says what will be sent: "-5" becomes 1, before anything is sent', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<CreditModal email="ann@example.com" mode="deduct" onClose={() => {}} />);
    const field = screen.getByLabelText('Credits (1–1000)');
    expect(screen.getByText('1 credit will be deducted.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '7' } });
    expect(screen.getByText('7 credits will be deducted.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '-5' } });
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText(/is not a whole number/).id);
    expect(screen.getByText('“-5” is not a whole number from 1 to 1000, so 1 credit will be used.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
