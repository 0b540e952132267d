import { isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { waitlist } from '../../db/schema/index.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { apiOpenMail } from '../../mail/templates/api-mails.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';

/**
 * Mails "the API is open" to every waitlisted address not mailed yet, through the outbox: the addresses
 * are marked and the mails written in one transaction (one conditional update, so two admins clicking at
 * once mail each address once), and they leave after the commit. Answers how many were mailed.
 */
export async function notifyWaitlist(
  deps: { db: Database; mailer: MailOutbox; brand: string; publicUrl: string; now: () => Date },
  actor: AdminActor,
): Promise<{ mailed: number }> {
  const mailed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(waitlist)
      .set({ notifiedAt: deps.now() })
      .where(isNull(waitlist.notifiedAt))
      .returning({ email: waitlist.email, language: waitlist.language });
    for (const row of rows) {
      await deps.mailer.enqueue(
        tx,
        apiOpenMail(row.email, { brand: deps.brand, publicUrl: deps.publicUrl, language: row.language }),
      );
    }
    await recordAudit(tx, actor, { action: 'waitlist.notify', after: { mailed: rows.length } });
    return rows.length;
  });
  if (mailed > 0) deps.mailer.flush();
  return { mailed };
}
