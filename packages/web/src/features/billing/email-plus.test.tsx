import { BILLING_MESSAGES } from '@hound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { callsTo, PRICES_OFF, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { EmailSearchModal } from '../email-search/email-search-modal.tsx';
import { EmailPlusCard } from './email-plus-card.tsx';
import { redirectTo } from './use-checkout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PURPOSE = 'Checking a supplier before signing a contract.';

function fillLead(purpose = PURPOSE, accept = true) {
  fireEvent.change(screen.getByLabelText('Why do you need this report?'), { target: { value: purpose } });
  if (accept) fireEvent.click(screen.getByRole('checkbox', { name: /I accept the Email Terms/ }));
}

describe('Email Plus card', () => {
  it('is prefilled with the address and checks purpose, terms and address before saving', async () => {
    const fetch = stubApi({ 'POST /api/email/plus/lead': { lead_id: 'lead_1' } });
    renderWithApp(<EmailPlusCard email="target@example.com" />);
    expect((screen.getByLabelText('Email to investigate') as HTMLInputElement).value).toBe('target@example.com');
    expect(await screen.findByText('£24.99 per month')).toBeTruthy();
    expect(screen.getByText('A detailed report is emailed within 3-5 business days.')).toBeTruthy();
    const terms = screen.getByRole('link', { name: /Email Terms/ });
    expect(terms.getAttribute('href')).toBe('/email-terms');
    expect(terms.getAttribute('target')).toBe('_blank');

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fillLead('too short', false);
    expect(screen.getByTestId('purpose-counter').textContent).toBe('9/500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(BILLING_MESSAGES.purposeRequired)).toBeTruthy();
    expect(screen.getByText(BILLING_MESSAGES.termsRequired)).toBeTruthy();
    expect(screen.getByLabelText('Why do you need this report?').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Email to investigate'), { target: { value: 'not-an-address' } });
    fillLead();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    expect(screen.queryByText(BILLING_MESSAGES.purposeRequired)).toBeNull();
    expect(screen.queryByText(BILLING_MESSAGES.termsRequired)).toBeNull();
    expect(callsTo(fetch, 'POST /api/email/plus/lead')).toHaveLength(0);
    expect((screen.getByLabelText('Why do you need this report?') as HTMLTextAreaElement).maxLength).toBe(500);
  });

  it('saves the lead, then "Proceed to Payment" opens checkout for it', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const fetch = stubApi({
      'POST /api/email/plus/lead': { lead_id: 'lead_42' },
      'POST /billing/checkout': { url: 'https://checkout.example/cs_plus' },
    });
    renderWithApp(<EmailPlusCard email="target@example.com" />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fillLead();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    expect(screen.getByTestId('plus-lead').textContent).toBe('Report on target@example.com');
    expect(screen.queryByLabelText('Why do you need this report?')).toBeNull();

    const [lead] = callsTo(fetch, 'POST /api/email/plus/lead');
    expect(lead!.body).toEqual({ email: 'target@example.com', purpose: PURPOSE, accept_terms: true });
    expect(lead!.headers.get('x-user-email')).toBe(TEST_USER.email);
    // The session is the HttpOnly cookie: no script-visible token goes along.
    expect(lead!.headers.get('authorization')).toBeNull();

    fireEvent.click(proceed);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_plus'));
    const [checkout] = callsTo(fetch, 'POST /billing/checkout');
    expect(checkout!.body).toEqual({
      price_id: 'price_plus',
      mode: 'subscription',
      meta: { lead_id: 'lead_42', product: 'email_plus', delivery_email: TEST_USER.email },
    });
  });

  it('shows the server detail, or the fallback, when the lead is not saved', async () => {
    let answer = () => jsonAnswer(400, { detail: BILLING_MESSAGES.emailHeaderMismatch, code: 'FORBIDDEN' });
    stubApi({ 'POST /api/email/plus/lead': () => answer() });
    renderWithApp(<EmailPlusCard email="target@example.com" />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fillLead();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(BILLING_MESSAGES.emailHeaderMismatch);
    answer = () => jsonAnswer(500, {});
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').at(-1)!.textContent).toContain('Failed to save Email Plus lead'),
    );
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
  });

  it('a failed checkout shows the server detail in a toast', async () => {
    stubApi({
      'POST /api/email/plus/lead': { lead_id: 'lead_9' },
      'POST /billing/checkout': () =>
        jsonAnswer(409, { detail: BILLING_MESSAGES.leadNotOpen, code: 'BILLING_CONFLICT' }),
    });
    renderWithApp(<EmailPlusCard email="target@example.com" />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fillLead();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain(BILLING_MESSAGES.leadNotOpen);
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('with payments off, cannot be saved and says why', async () => {
    stubApi({ 'GET /billing/prices': PRICES_OFF });
    renderWithApp(<EmailPlusCard email="target@example.com" />);
    expect(await screen.findByText(BILLING_MESSAGES.paymentsOff)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('email search modal without credits', () => {
  const open = () => renderWithApp(<EmailSearchModal email="target@example.com" onClose={() => {}} />);

  it('offers a free user the monthly plan and the trial', async () => {
    stubApi({ 'GET /me/credits': { credits: 0, plan: 'free' } });
    open();
    expect(await screen.findByText('Not enough credits')).toBeTruthy();
    const actions = await screen.findByRole('list', { name: 'Plan actions' });
    expect(within(actions).getByRole('button', { name: 'Pay Monthly Now (£15.00/month)' })).toBeTruthy();
    expect(await within(actions).findByRole('button', { name: 'Start 7-day trial (£1.99)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use My Credit' })).toBeNull();
  });

  it('offers a trial user only the monthly payment (it upgrades)', async () => {
    stubApi({ 'GET /me/credits': { credits: 0, plan: 'trial' } }, { user: { ...TEST_USER, plan: 'trial' } });
    open();
    const actions = await screen.findByRole('list', { name: 'Plan actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pay Monthly Now (£15.00/month)']);
  });

  it('keeps "Use My Credit" when there are credits, next to the Email Plus card', async () => {
    stubApi({ 'GET /me/credits': { credits: 2, plan: 'free' } });
    open();
    expect(await screen.findByRole('button', { name: 'Use My Credit' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Plan actions' })).toBeNull();
    expect(screen.getByLabelText('Email to investigate')).toBeTruthy();
  });
});
