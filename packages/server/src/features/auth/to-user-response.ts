import type { User } from '@hound/contracts';
import type { UserRow } from '../../db/schema/index.ts';

export function toUserResponse(user: UserRow): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    date_of_birth: user.dateOfBirth,
    is_admin: user.isAdmin,
    plan: user.plan,
    email_search_credits: user.emailSearchCredits,
    search_count: user.searchCount,
    language: user.language,
    created_at: user.createdAt.toISOString(),
    has_password: user.passwordHash !== null,
  };
}
