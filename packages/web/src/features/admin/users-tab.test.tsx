/**
 * Issue 27 item 15 in the admin page: the tab is in the address, a plan change is confirmed with its
 * consequence, a Stripe subscriber's plan cannot be set by hand, and the server's refusal is shown.
 */
import type { AdminUser } from '@hound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../test/account-fixtures.ts';
import { callsTo, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import AdminPage from './admin-page.tsx';
import { ADMIN } from './order-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const person = (email: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id: email,
  email,
  first_name: 'Ada',
  last_name: 'Doe',
  plan: 'free',
  is_admin: false,
  search_count: 0,
  email_search_credits: 2,
  created_at: '2026-11-01T00:00:00Z',
  last_login_at: null,
  subscription_status: null,
  ...extra,
});

function summary(items: AdminUser[]) {
  return {
    overview: { total_users: items.length, free_count: 0, trial_count: 0, premium_count: 0 },
    items,
    total: items.length,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAdmin(path = '/admin') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  return renderWithApp(
    <>
      <Routes>
        <Route path="/admin" element={<AdminPage />} />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

describe('admin users: plan changes', () => {
  it('confirms a plan change with what it grants, then sets it; a refusal stays in the dialog', async () => {
    let refuse = true;
    const fetch = stubApi(
      {
        'GET /admin/users/summary': summary([person('gift@example.com')]),
        'POST /admin/users/update-plan': () =>
          refuse
            ? jsonAnswer(409, { code: 'ADMIN_PLAN_FROM_STRIPE', detail: 'This customer pays through Stripe.' })
            : jsonAnswer(200, {
                email: 'gift@example.com',
                old_plan: 'free',
                plan: 'premium',
                credits_granted: 10,
                credits: 12,
              }),
      },
      { user: ADMIN },
    );
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Set plan to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set gift@example.com to Premium?' });
    await within(dialog).findByText(/Grants 10/);
    const said = within(dialog).getByTestId('plan-consequences').textContent!;
    expect(said).toContain('Plan: Free → Premium.');
    expect(said).toContain('Grants 10 email-search credits now, once.');
    expect(said).toContain('Nothing is charged.');
    expect(callsTo(fetch, 'POST /admin/users/update-plan')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set to Premium' }));
    expect((await within(dialog).findByTestId('plan-error')).textContent).toBe('This customer pays through Stripe.');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set to Premium' }));
    expect(
      await screen.findByText('Plan of gift@example.com set to Premium. Credits granted: 10; balance 12.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetch, 'POST /admin/users/update-plan').map((c) => c.body)).toEqual([
      { email: 'gift@example.com', plan: 'premium' },
      { email: 'gift@example.com', plan: 'premium' },
    ]);
  });

  it("a Stripe subscriber's plan buttons are off, and the row says why", async () => {
    stubApi(
      {
        'GET /admin/users/summary': summary([
          person('payer@example.com', { plan: 'premium', subscription_status: 'active' }),
        ]),
      },
      { user: ADMIN },
    );
    renderAdmin();
    const row = (await screen.findByText('payer@example.com')).closest('tr')!;
    expect(within(row).getByTestId('plan-from-stripe').textContent).toBe('via Stripe');
    for (const name of ['Set plan to Free', 'Set plan to Trial', 'Set plan to Premium']) {
      expect((within(row).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

describe('admin tabs in the address', () => {
  it('opens the tab named by ?tab= and puts the chosen tab into the address', async () => {
    stubApi(
      {
        'GET /admin/users/summary': summary([]),
        'GET /admin/email-plus/orders': { items: [], total: 0 },
        'GET /admin/audit': { items: [], total: 0 },
        'GET /admin/waitlist': { items: [], total: 0 },
      },
      { user: ADMIN },
    );
    renderAdmin('/admin?tab=audit');
    expect((await screen.findByRole('tab', { name: 'Audit trail' })).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'API waitlist' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin?tab=waitlist');
    expect(screen.getByRole('tab', { name: 'API waitlist' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin');
  });
});
