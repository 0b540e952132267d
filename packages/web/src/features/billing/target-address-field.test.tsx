import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingEn } from '../../i18n/billing-en.ts';
import { billingTr } from '../../i18n/billing-tr.ts';
import { en } from '../../i18n/en.ts';
import type { Language, Messages } from '../../i18n/messages.ts';
import { tr } from '../../i18n/tr.ts';
import { stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { EmailPlusCard } from './email-plus-card.tsx';
import { EmailPlusSubscriptions } from './email-plus-subscriptions.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SUB = {
  id: 'sub_1',
  target_email: 'target@example.com',
  status: 'active',
  period_end: '2026-12-26T00:00:00Z',
  cancel_at_period_end: false,
  created_at: '2026-11-26T00:00:00Z',
};

/** The field as a user meets it: its label, an email input, and the problem tied to it once there is one. */
function expectAddressField(scope: HTMLElement, label: string, problem: string) {
  const input = within(scope).getByLabelText(label) as HTMLInputElement;
  expect(input.type).toBe('email');
  expect(input.autocomplete).toBe('off');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = input.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  expect(document.getElementById(described!)?.textContent).toBe(problem);
}

describe.each<[Language, Messages, typeof billingEn]>([
  ['en', en, billingEn],
  ['tr', tr, billingTr],
])('the Email Plus target address field (%s)', (language, m, billing) => {
  it('the card asks for it and ties a bad address’s problem to it', async () => {
    stubApi({});
    const { container } = renderWithApp(<EmailPlusCard email="target@example.com" />, { language });
    const input = screen.getByLabelText(m.email.modal.plusTarget) as HTMLInputElement;
    expect(input.value).toBe('target@example.com');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    const save = screen.getByRole('button', { name: billing.plus.save });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    expectAddressField(container, m.email.modal.plusTarget, m.email.errors.malformed);
  });

  it('a subscription’s "change address" is the same field', async () => {
    stubApi({ 'GET /me/email-plus/subscriptions': { items: [SUB] } });
    renderWithApp(<EmailPlusSubscriptions />, { language });
    const item = await screen.findByTestId('email-plus-subscription');
    fireEvent.click(within(item).getByRole('button', { name: billing.subscriptions.change }));
    const input = within(item).getByLabelText(billing.subscriptions.newTarget) as HTMLInputElement;
    expect(input.value).toBe('target@example.com');
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.click(within(item).getByRole('button', { name: billing.subscriptions.save }));
    expectAddressField(item, billing.subscriptions.newTarget, m.email.errors.malformed);
  });
});
