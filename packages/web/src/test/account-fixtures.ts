/** A signed-in user and JSON answers for web tests that stand in for the account API with a fetch stub. */
import type { User } from '@hound/contracts';

export const TEST_USER: User = {
  id: 'u1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  date_of_birth: '1990-01-01',
  is_admin: false,
  plan: 'free',
  email_search_credits: 3,
  search_count: 0,
  language: 'en',
  created_at: '2026-01-01T00:00:00Z',
  has_password: false,
};

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );
}
