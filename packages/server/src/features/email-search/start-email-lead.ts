import { eq } from 'drizzle-orm';
import { searchEmailLeads, searches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type EmailSearchDeps, startEmailSearch } from './start-email-search.ts';

export const NO_SUCH_LEAD_MESSAGE = 'No such email lead.';

/**
 * `POST /api/email/leads/{id}/search` (decision 116): the owner of a search tree starts the email search of
 * an address one of its profiles stated. It costs one credit, as any email search; a lead is searched once
 * (its row is locked while the search is paid for), so repeated or parallel clicks answer the first search
 * and pay nothing more. The search follows leads as deep as its tree does. Anyone but the tree's owner
 * gets the 404 of a missing lead — admins too: the search would be theirs, paid by them, inside another
 * user's tree.
 */
export async function startEmailLead(
  deps: EmailSearchDeps,
  userId: string,
  leadId: string,
  requestKey?: string,
): Promise<{ id: string }> {
  const [lead] = await deps.db
    .select({
      id: searchEmailLeads.id,
      email: searchEmailLeads.email,
      rootId: searchEmailLeads.rootId,
      depth: searchEmailLeads.depth,
      emailSearchId: searchEmailLeads.emailSearchId,
      owner: searches.userId,
      followDepth: searches.followDepth,
    })
    .from(searchEmailLeads)
    .innerJoin(searches, eq(searches.id, searchEmailLeads.searchId))
    .where(eq(searchEmailLeads.id, leadId));
  if (!lead || lead.owner !== userId) throw new AppError('NOT_FOUND', NO_SUCH_LEAD_MESSAGE);
  if (lead.emailSearchId) return { id: lead.emailSearchId };
  const started = await startEmailSearch(deps, userId, lead.email, {
    ...(requestKey ? { requestKey } : {}),
    followDepth: lead.followDepth,
    lead: { id: lead.id, rootId: lead.rootId, depth: lead.depth },
  });
  return { id: started.id };
}
