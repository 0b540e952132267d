import { type AdminOrderDetail, EMAIL_PLUS_MESSAGES, REPORT_FIELDS } from '@hound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminEn } from '../../i18n/admin-en.ts';
import { jsonAnswer } from '../../test/account-fixtures.ts';
import { callsTo, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ACCOUNTS, ADMIN, adminOrder, orderDetail, RECORDS, report } from './order-fixtures.ts';
import { OrdersTab } from './orders-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Route = Parameters<typeof stubApi>[0][string];
const ORDER = '/admin/email-plus/orders/ord_1';

/** Opens order ord_1 from the queue; `routes` answer its calls. */
async function openOrder(detail: AdminOrderDetail | Route, routes: Record<string, Route> = {}) {
  const fetch = stubApi(
    {
      'GET /admin/email-plus/orders': { items: [adminOrder()], total: 1 },
      [`GET ${ORDER}`]: detail,
      ...routes,
    },
    { user: ADMIN },
  );
  renderWithApp(<OrdersTab pollMs={5} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Open order for target@example.com' }));
  await screen.findByRole('heading', { name: 'target@example.com' });
  return fetch;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const clickButton = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const status = () => screen.getByTestId('order-status').textContent;

describe('admin: one Email Plus order', () => {
  it('says a disputed payment holds delivery, and shows a refunded duplicate payment (issue 38)', async () => {
    await openOrder(
      orderDetail({ status: 'disputed', dispute_status: 'needs_response', duplicate_payments: 1, report: report() }),
    );
    expect(status()).toBe('Disputed');
    expect(screen.getByTestId('order-reversal').textContent).toBe(
      'The cardholder’s bank disputes the payment (needs_response): delivery is held until the dispute is closed.',
    );
    expect(screen.getByTestId('order-duplicates').textContent).toContain(': 1 ');
    expect(screen.queryByRole('button', { name: 'Deliver report' })?.hasAttribute('disabled') ?? true).toBe(true);
  });

  it('says a refunded order is not delivered', async () => {
    await openOrder(orderDetail({ status: 'refunded', report: report() }));
    expect(status()).toBe('Refunded');
    expect(screen.getByTestId('order-reversal').textContent).toBe(adminEn.orders.reversal.refunded);
  });

  it('runs the automated search and polls the order until the search has completed', async () => {
    let reads = 0;
    let started = false;
    const running = { id: 's1', status: 'running', accounts: ACCOUNTS.slice(0, 1), data: [] };
    const fetch = await openOrder(
      () => {
        if (!started) return jsonAnswer(200, orderDetail());
        reads += 1;
        const search = reads < 3 ? running : { ...running, status: 'completed', accounts: ACCOUNTS, data: RECORDS };
        return jsonAnswer(200, orderDetail({ search }));
      },
      {
        [`POST ${ORDER}/search`]: () => {
          started = true;
          return jsonAnswer(200, { search_id: 's1' });
        },
      },
    );
    expect(screen.queryByTestId('found-accounts')).toBeNull();
    clickButton('Run automated search');
    expect(await screen.findByRole('progressbar', { name: 'Searching…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run again' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('3 accounts found')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Run again' }) as HTMLButtonElement).disabled).toBe(false);
    expect(callsTo(fetch, `POST ${ORDER}/search`)).toHaveLength(1);
    expect(reads).toBeGreaterThanOrEqual(3);
    const found = screen.getByTestId('found-accounts');
    expect(within(found).getAllByRole('listitem')).toHaveLength(3);
    expect(within(found).getByText('No link')).toBeTruthy();
    expect(screen.getByText('Found in the 2019 Example breach')).toBeTruthy();

    // Completed: no more reads.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads).toBe(settled);
  });

  it('a search that cannot start shows the server detail', async () => {
    await openOrder(orderDetail(), {
      [`POST ${ORDER}/search`]: () => jsonAnswer(404, { detail: EMAIL_PLUS_MESSAGES.orderNotFound, code: 'NOT_FOUND' }),
    });
    clickButton('Run automated search');
    expect((await screen.findByRole('alert')).textContent).toContain(EMAIL_PLUS_MESSAGES.orderNotFound);
  });

  it('adds the found accounts to the social profiles, one "Site — url" per line, once', async () => {
    await openOrder(
      orderDetail({
        report: report({ social_profiles: 'Twitter — https://x.com/target\n' }),
        search: { id: 's1', status: 'completed', accounts: ACCOUNTS, data: [] },
      }),
    );
    expect(field('Social media profiles').value).toBe('Twitter — https://x.com/target\n');
    clickButton('Add to social profiles');
    expect(field('Social media profiles').value).toBe(
      [
        'Twitter — https://x.com/target',
        'GitHub — https://github.com/target',
        'Gravatar — https://gravatar.com/t1',
        'Gravatar — https://gravatar.com/t2',
        'Spotify — spotify.com',
      ].join('\n'),
    );
    expect(await screen.findByText('Added 4 lines to Social media profiles.')).toBeTruthy();
    expect(screen.getByTestId('draft-state').textContent).toBe('Unsaved changes');
    clickButton('Add to social profiles');
    expect(await screen.findByText('Those accounts are already in Social media profiles.')).toBeTruthy();
    expect(field('Social media profiles').value.split('\n')).toHaveLength(5);
  });

  it('"Save draft" sends the seven fields and the order moves to In progress', async () => {
    const fetch = await openOrder(orderDetail(), { [`PUT ${ORDER}/report`]: { status: 'in_progress' } });
    expect(status()).toBe('Paid');
    for (const label of [
      'Full name',
      'Home address',
      'Family members',
      'Social media profiles',
      'Email addresses',
      'Notes',
      'Sources',
    ]) {
      expect(field(label).tagName).toBe('TEXTAREA');
      expect(field(label).maxLength).toBe(5000);
    }
    type('Full name', 'Tara Target');
    type('Notes', 'Runs a small bakery.');
    expect(screen.getByTestId('draft-state').textContent).toBe('Unsaved changes');
    clickButton('Save draft');
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    const [put] = callsTo(fetch, `PUT ${ORDER}/report`);
    expect(Object.keys(put!.body).sort()).toEqual([...REPORT_FIELDS].sort());
    expect(put!.body).toEqual(report({ full_name: 'Tara Target', notes: 'Runs a small bakery.' }));
    // The session is the HttpOnly cookie: no script-visible token goes along.
    expect(put!.headers.get('authorization')).toBeNull();
    expect(status()).toBe('In progress');
    expect(screen.getByTestId('draft-state').textContent).toBe('All changes saved');
  });

  it('"Save draft" shows the server detail when the order is already closed', async () => {
    await openOrder(orderDetail(), {
      [`PUT ${ORDER}/report`]: () => jsonAnswer(409, { detail: EMAIL_PLUS_MESSAGES.notOpen, code: 'BILLING_CONFLICT' }),
    });
    type('Full name', 'Tara Target');
    clickButton('Save draft');
    expect((await screen.findByRole('alert')).textContent).toContain(EMAIL_PLUS_MESSAGES.notOpen);
    expect(screen.getByTestId('draft-state').textContent).toBe('Unsaved changes');
    expect(status()).toBe('Paid');
  });

  it('"Preview" saves the draft first, then shows the subject and the mail in a sandboxed frame', async () => {
    const fetch = await openOrder(orderDetail(), {
      [`PUT ${ORDER}/report`]: { status: 'in_progress' },
      [`GET ${ORDER}/preview`]: {
        subject: 'Your Email Plus report on target@example.com',
        html: '<p>Full name: Tara Target</p>',
        text: 'Full name: Tara Target',
      },
    });
    type('Full name', 'Tara Target');
    clickButton('Preview');
    const frame = (await screen.findByTitle('Preview of the report email')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Full name: Tara Target</p>');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Your Email Plus report on target@example.com');
    const order = fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(order.indexOf(`PUT ${ORDER}/report`)).toBeLessThan(order.indexOf(`GET ${ORDER}/preview`));
    clickButton('Close preview');
    expect(screen.queryByTitle('Preview of the report email')).toBeNull();
  });

  it('"Deliver report" asks first, saves unsaved edits, delivers and leaves the order read-only', async () => {
    const fetch = await openOrder(
      orderDetail({ status: 'in_progress', report: report({ full_name: 'Tara Target' }) }),
      {
        [`PUT ${ORDER}/report`]: { status: 'in_progress' },
        [`POST ${ORDER}/deliver`]: { status: 'delivered', delivered_at: '2026-03-05T12:00:00.000Z' },
      },
    );
    clickButton('Deliver report');
    const dialog = await screen.findByRole('dialog', { name: 'Deliver the report' });
    expect(within(dialog).getByText('Send the report to cust@example.com?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetch, `POST ${ORDER}/deliver`)).toHaveLength(0);

    type('Notes', 'Runs a small bakery.');
    clickButton('Deliver report');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Deliver the report' })).getByRole('button', {
        name: 'Send report',
      }),
    );
    expect(await screen.findByText('Report delivered to cust@example.com.')).toBeTruthy();
    expect(callsTo(fetch, `PUT ${ORDER}/report`)[0]!.body).toEqual(
      report({ full_name: 'Tara Target', notes: 'Runs a small bakery.' }),
    );
    expect(callsTo(fetch, `POST ${ORDER}/deliver`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(status()).toBe('Delivered');
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const name of ['Save draft', 'Deliver report', 'Refuse order', 'Run again', 'Run automated search'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    const readOnly = screen.getByTestId('report-read-only');
    expect(within(readOnly).getByText('Tara Target')).toBeTruthy();
    expect(within(readOnly).getByText('Runs a small bakery.')).toBeTruthy();
    expect(screen.getByText(/The report can no longer be changed\./)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'target@example.com' }));
  });

  it('"Deliver report" is disabled on an empty report and says what it needs (issue 27 item 15)', async () => {
    await openOrder(orderDetail({ status: 'in_progress', report: report() }));
    const deliver = screen.getByRole('button', { name: 'Deliver report' }) as HTMLButtonElement;
    expect(deliver.disabled).toBe(true);
    expect(screen.getByTestId('deliver-needs').textContent).toBe(adminEn.orders.report.deliverNeeds);
    fireEvent.change(field('Full name'), { target: { value: 'Ada Lovelace' } });
    expect(deliver.disabled).toBe(false);
    expect(screen.queryByTestId('deliver-needs')).toBeNull();
  });

  it('a refused delivery shows the server detail and leaves the order open', async () => {
    const fetch = await openOrder(orderDetail({ status: 'in_progress', report: report({ notes: 'Some notes' }) }), {
      [`POST ${ORDER}/deliver`]: () =>
        jsonAnswer(400, { detail: EMAIL_PLUS_MESSAGES.reportEmpty, code: 'INVALID_INPUT' }),
    });
    clickButton('Deliver report');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Deliver the report' })).getByRole('button', {
        name: 'Send report',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(EMAIL_PLUS_MESSAGES.reportEmpty);
    expect(callsTo(fetch, `PUT ${ORDER}/report`)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(status()).toBe('In progress');
    expect(field('Full name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deliver report' })).toBeTruthy();
  });

  it('"Refuse order" needs a 5–1000 character reason, shows refund failures, then refuses with the reason', async () => {
    let answer = () => jsonAnswer(502, { detail: EMAIL_PLUS_MESSAGES.refundFailed, code: 'PAYMENT_PROVIDER_FAILED' });
    const fetch = await openOrder(orderDetail(), { [`POST ${ORDER}/refuse`]: () => answer() });
    clickButton('Refuse order');
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this order' });
    const reason = within(dialog).getByLabelText('Reason for the customer') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(1000);
    expect(reason.required).toBe(true);
    fireEvent.change(reason, { target: { value: ' no ' } });
    expect(within(dialog).getByTestId('reason-counter').textContent).toBe('4/1000 characters');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the customer a reason (5–1000 characters).');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetch, `POST ${ORDER}/refuse`)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  We cannot research this address lawfully.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(EMAIL_PLUS_MESSAGES.refundFailed));
    expect(status()).toBe('Paid');

    answer = () => jsonAnswer(200, { status: 'refused', refund_id: 're_1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(await screen.findByText('Order refused. The payment is refunded.')).toBeTruthy();
    const calls = callsTo(fetch, `POST ${ORDER}/refuse`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ reason: 'We cannot research this address lawfully.' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(status()).toBe('Refused');
    expect(screen.getByText('Reason given to the customer')).toBeTruthy();
    expect(screen.getByTestId('refused-reason').textContent).toBe('We cannot research this address lawfully.');
    expect(screen.getByText('No report was written.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a delivered order opens read-only with its report and the search results', async () => {
    await openOrder(
      orderDetail({
        status: 'delivered',
        delivered_at: '2026-03-05T12:00:00.000Z',
        report: report({ full_name: 'Tara Target', sources: 'Companies House' }),
        search: { id: 's1', status: 'completed', accounts: ACCOUNTS, data: [] },
      }),
    );
    expect(status()).toBe('Delivered');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Companies House')).toBeTruthy();
    expect(screen.getAllByText('Not written')).toHaveLength(5);
    expect(screen.getByTestId('found-accounts')).toBeTruthy();
    for (const name of ['Run again', 'Add to social profiles', 'Save draft', 'Deliver report', 'Refuse order'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });
});
