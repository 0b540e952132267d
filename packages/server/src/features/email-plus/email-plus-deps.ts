import type { BillingDeps } from '../billing/billing-deps.ts';
import type { EmailSearchDeps } from '../email-search/start-email-search.ts';

/** What fulfilment needs: billing (refunds, mail, brand) and email search (the automated search). */
export interface EmailPlusDeps {
  billing: BillingDeps;
  emailSearch: EmailSearchDeps;
}
