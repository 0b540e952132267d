import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../test/account-fixtures.ts';
import { callsTo, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import AdminPage from './admin-page.tsx';
import { ADMIN, adminOrder, orderDetail, PURPOSE } from './order-fixtures.ts';
import { OrdersTab } from './orders-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LATE = adminOrder({ id: 'ord_late', target_email: 'late@example.com', overdue: true });
const FRESH = adminOrder({
  id: 'ord_fresh',
  target_email: 'fresh@example.com',
  status: 'in_progress',
  customer_name: 'Dan Doe',
  customer_email: 'dan@example.com',
  amount: 1999,
  due_at: '2026-03-09T10:00:00.000Z',
});
const DONE = adminOrder({
  id: 'ord_done',
  target_email: 'done@example.com',
  status: 'delivered',
  delivered_at: '2026-03-04T09:00:00.000Z',
});

const statusOf = (url: string) => new URL(url, 'http://localhost').searchParams;
const rowOf = (target: string) => screen.getByText(target).closest('tr')!;

describe('admin: Email Plus orders queue', () => {
  it('is a tab of /admin listing open orders, overdue ones marked in words; the filters switch the query', async () => {
    const fetch = stubApi(
      {
        'GET /admin/users/summary': {
          overview: { total_users: 0, free_count: 0, trial_count: 0, premium_count: 0 },
          items: [],
          total: 0,
        },
        'GET /admin/email-plus/orders': (_init, url) => {
          const status = statusOf(url).get('status');
          if (status === 'open') return jsonAnswer(200, { items: [LATE, FRESH], total: 2 });
          if (status === 'delivered') return jsonAnswer(200, { items: [DONE], total: 1 });
          return jsonAnswer(200, { items: [], total: 0 });
        },
      },
      { user: ADMIN },
    );
    renderWithApp(<AdminPage />);
    const tab = screen.getByRole('tab', { name: 'Email Plus orders' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Users',
      'Email Plus orders',
      'Audit trail',
      'API waitlist',
    ]);
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');

    await screen.findByText('late@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Due',
      'Target',
      'Customer',
      'Status',
      'Amount',
      'Actions',
    ]);
    const late = rowOf('late@example.com');
    expect(within(late).getByText('Overdue')).toBeTruthy();
    expect(late.getAttribute('data-overdue')).toBe('true');
    expect(within(late).getByText('Paid')).toBeTruthy();
    expect(within(late).getByText('£24.99')).toBeTruthy();
    expect(within(late).getByText('Cara Customer')).toBeTruthy();
    expect(within(late).getByText('cust@example.com')).toBeTruthy();
    expect(within(late).getByRole('button', { name: 'Open order for late@example.com' }).textContent).toBe('Open');

    const fresh = rowOf('fresh@example.com');
    expect(within(fresh).queryByText('Overdue')).toBeNull();
    expect(fresh.getAttribute('data-overdue')).toBeNull();
    expect(within(fresh).getByText('In progress')).toBeTruthy();
    expect(within(fresh).getByText('£19.99')).toBeTruthy();
    expect(within(fresh).getByText('Dan Doe')).toBeTruthy();

    const filter = (name: string) => screen.getByRole('button', { name });
    expect(filter('To deliver').getAttribute('aria-pressed')).toBe('true');
    // The filter and the action no longer share a word.
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    const [first] = callsTo(fetch, 'GET /admin/email-plus/orders');
    expect(Object.fromEntries(statusOf(first!.url))).toEqual({ status: 'open', limit: '50', skip: '0' });
    // The session is the HttpOnly cookie: no script-visible token goes along.
    expect(first!.headers.get('authorization')).toBeNull();

    fireEvent.click(filter('Delivered'));
    expect(await screen.findByText('done@example.com')).toBeTruthy();
    expect(within(rowOf('done@example.com')).getByText('Delivered')).toBeTruthy();
    expect(screen.queryByText('late@example.com')).toBeNull();
    expect(filter('Delivered').getAttribute('aria-pressed')).toBe('true');
    expect(filter('To deliver').getAttribute('aria-pressed')).toBe('false');
    expect(statusOf(callsTo(fetch, 'GET /admin/email-plus/orders').at(-1)!.url).get('status')).toBe('delivered');

    fireEvent.click(filter('Refused'));
    expect(await screen.findByText('No orders.')).toBeTruthy();
    expect(statusOf(callsTo(fetch, 'GET /admin/email-plus/orders').at(-1)!.url).get('status')).toBe('refused');

    fireEvent.click(filter('All'));
    await waitFor(() =>
      expect(statusOf(callsTo(fetch, 'GET /admin/email-plus/orders').at(-1)!.url).get('status')).toBe('all'),
    );
  });

  it('pages like the users table and goes back to the first page on a new filter', async () => {
    const fetch = stubApi(
      {
        'GET /admin/email-plus/orders': (_init, url) => {
          const skip = Number(statusOf(url).get('skip'));
          const order = adminOrder({ id: `ord_${skip}`, target_email: `page${skip}@example.com` });
          return jsonAnswer(200, { items: [order], total: 120 });
        },
      },
      { user: ADMIN },
    );
    renderWithApp(<OrdersTab />);
    expect(await screen.findByText('Showing 1–50 of 120')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('page50@example.com')).toBeTruthy();
    expect(screen.getByText('Showing 51–100 of 120')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(callsTo(fetch, 'GET /admin/email-plus/orders').at(-1)!.url).toContain('skip=0'));
    expect(callsTo(fetch, 'GET /admin/email-plus/orders').at(-1)!.url).toContain('status=all');
  });

  it('shows the server error when the queue cannot be read', async () => {
    stubApi(
      { 'GET /admin/email-plus/orders': () => jsonAnswer(403, { detail: 'Admins only.', code: 'FORBIDDEN' }) },
      { user: ADMIN },
    );
    renderWithApp(<OrdersTab />);
    expect(await screen.findByText('Admins only.')).toBeTruthy();
  });

  it('opens an order in place of the queue with its purpose and search results, and goes back to it', async () => {
    const detail = orderDetail({
      id: 'ord_late',
      target_email: 'late@example.com',
      overdue: true,
      search: {
        id: 's1',
        status: 'completed',
        accounts: [{ siteName: 'GitHub', domain: 'github.com', urls: ['https://github.com/late'] }],
        data: [{ type: 'Hacked Email Address', data: 'Found in the 2019 Example breach' }],
      },
    });
    stubApi(
      {
        'GET /admin/email-plus/orders': { items: [LATE, FRESH], total: 2 },
        'GET /admin/email-plus/orders/ord_late': detail,
      },
      { user: ADMIN },
    );
    renderWithApp(<OrdersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order for late@example.com' }));

    const heading = await screen.findByRole('heading', { name: 'late@example.com' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Purpose stated by the customer')).toBeTruthy();
    expect(screen.getByTestId('order-purpose').textContent).toBe(`“${PURPOSE}”`);
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('Cara Customer')).toBeTruthy();
    expect(screen.getByText('cust@example.com')).toBeTruthy();
    expect(screen.getByText('£24.99')).toBeTruthy();

    const found = screen.getByTestId('found-accounts');
    expect(within(found).getByText('GitHub')).toBeTruthy();
    expect(within(found).getByText('github.com')).toBeTruthy();
    const link = within(found).getByRole('link', { name: 'https://github.com/late' });
    expect(link.getAttribute('href')).toBe('https://github.com/late');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('1 account found')).toBeTruthy();
    expect(screen.getByText('Hacked Email Address:')).toBeTruthy();
    expect(screen.getByText('Found in the 2019 Example breach')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to orders' }));
    const opener = await screen.findByRole('button', { name: 'Open order for late@example.com' });
    expect(document.activeElement).toBe(opener);
  });

  it('an opened order has an address of its own: /admin?tab=orders&order={id} opens it', async () => {
    stubApi(
      {
        'GET /admin/email-plus/orders': { items: [LATE, FRESH], total: 2 },
        'GET /admin/email-plus/orders/ord_late': orderDetail({ id: 'ord_late', target_email: 'late@example.com' }),
      },
      { user: ADMIN },
    );
    renderWithApp(<OrdersTab />, { path: '/admin?tab=orders&order=ord_late' });
    expect(await screen.findByRole('heading', { name: 'late@example.com' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
