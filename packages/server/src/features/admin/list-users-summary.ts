import type { AdminUsersQuery, AdminUsersSummary } from '@hound/contracts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, users } from '../../db/schema/index.ts';
import { LIVE_SUBSCRIPTION } from './update-plan.ts';

/** `%` and `_` in the admin's text are literal, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Overview counts over every user, and one page of the users matching the query, newest first. */
export async function listUsersSummary(db: Database, query: AdminUsersQuery): Promise<AdminUsersSummary> {
  const filters: SQL[] = [];
  const text = query.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    filters.push(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!);
  }
  if (query.plan) filters.push(eq(users.plan, query.plan));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const byPlan = await db.select({ plan: users.plan, n: count() }).from(users).groupBy(users.plan);
  const planCount = (plan: string) => byPlan.find((row) => row.plan === plan)?.n ?? 0;
  const [matching] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ u: users, status: billingAccounts.subscriptionStatus })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.skip);
  return {
    overview: {
      total_users: byPlan.reduce((sum, row) => sum + row.n, 0),
      free_count: planCount('free'),
      trial_count: planCount('trial'),
      premium_count: planCount('premium'),
    },
    total: matching?.n ?? 0,
    items: rows.map(({ u, status }) => ({
      id: u.id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      plan: u.plan,
      is_admin: u.isAdmin,
      search_count: u.searchCount,
      email_search_credits: u.emailSearchCredits,
      created_at: u.createdAt.toISOString(),
      last_login_at: u.lastLoginAt?.toISOString() ?? null,
      subscription_status: status && LIVE_SUBSCRIPTION.includes(status) ? status : null,
    })),
  };
}
