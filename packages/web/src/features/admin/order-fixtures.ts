/** Email Plus orders for the admin tests (imported by tests only). */
import type { AdminOrder, AdminOrderDetail, Report } from '@hound/contracts';
import { TEST_USER } from '../../test/account-fixtures.ts';
import { EMPTY_REPORT } from './report-draft.ts';

export const ADMIN = { ...TEST_USER, is_admin: true, email: 'admin@example.com' };

export const PURPOSE = 'Checking a supplier before signing a contract.';

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 'ord_1',
    customer_email: 'cust@example.com',
    customer_name: 'Cara Customer',
    target_email: 'target@example.com',
    purpose: PURPOSE,
    status: 'paid',
    amount: 2499,
    currency: 'gbp',
    paid_at: '2026-03-02T10:00:00.000Z',
    due_at: '2026-03-06T10:00:00.000Z',
    overdue: false,
    delivered_at: null,
    refused_reason: null,
    dispute_status: null,
    duplicate_payments: 0,
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return { ...adminOrder(), report: null, search: null, ...overrides };
}

export function report(fields: Partial<Report> = {}): Report {
  return { ...EMPTY_REPORT, ...fields };
}

export const ACCOUNTS = [
  { siteName: 'GitHub', domain: 'github.com', category: 'coding', urls: ['https://github.com/target'] },
  { siteName: 'Gravatar', domain: 'gravatar.com', urls: ['https://gravatar.com/t1', 'https://gravatar.com/t2'] },
  { siteName: 'Spotify', domain: 'spotify.com', urls: [] },
];

export const RECORDS = [{ type: 'Hacked Email Address', data: 'Found in the 2019 Example breach' }];
