import type { Database } from '../../db/client.ts';
import type { SecretBox } from './secret-box.ts';
import type { WebhookSender } from './webhook-sender.ts';
import type { TargetRules } from './webhook-target.ts';

/** What the webhook routes need: the database, the secrets' box, the sender and the address rules. */
export interface WebhookDeps {
  db: Database;
  box: SecretBox;
  sender: WebhookSender;
  rules: TargetRules;
  now: () => Date;
}
