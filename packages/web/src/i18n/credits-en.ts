/** The dashboard's credit history (issue 38 item 5c): every change of the balance, explained. */
export const creditsEn = {
  title: 'Credit history',
  intro: 'Every change of your email-search credits, newest first, with the balance after it.',
  empty: 'No credit changes yet.',
  failed: 'The credit history could not be loaded.',
  more: 'Show older',
  balance: 'balance {count}',
  kinds: {
    signup_grant: 'Welcome credits',
    admin_grant: 'Added by the team',
    admin_deduct: 'Taken by the team',
    plan_allowance: 'Plan credits',
    purchase: 'Credit pack bought',
    refund: 'Returned: the search failed on our side',
    expiry: 'Returned: not used within 15 minutes',
    payment_reversal: 'Taken back: the payment was refunded or disputed',
  },
  reserve: {
    held: 'Held for the email search you just started (back in 15 minutes if unused)',
    spent: 'Email search',
    returned: 'Email search (it failed; the credit came back)',
    expired: 'Held for a search, not used (the credit came back)',
  },
  openSearch: 'Open the search',
};
