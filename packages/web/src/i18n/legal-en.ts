/**
 * English legal texts: Terms, Privacy and the Email Terms (spec 000 §2, issue 27 item 17). Written for what the
 * server does: `{days}` is its RETENTION_DAYS (GET /api/config), filled in by the pages; processors, what
 * deletion keeps (decisions 094/095) and the paid products are described as built. `[label](/path)` is a link.
 */
export const legalEn = {
  terms: {
    title: 'Terms & Conditions',
    description:
      'The terms for using {brand}: permitted and prohibited uses, accuracy of results, subscriptions, renewals, cancellation, refunds and credits.',
    updated: 'Last updated: November 2026',
    intro:
      'These terms govern your use of {brand}, its website and its API. By using the service you agree to them. If you do not agree, do not use the service.',
    sections: [
      {
        heading: '1. Service overview',
        paragraphs: [
          '{brand} is an open source intelligence (OSINT) tool. Its username search checks whether a username is registered on public websites by requesting each site’s public pages as an anonymous visitor, and reports what each site answered. Its email search, for signed-in users, asks websites whether an address has an account there. It does not log in to sites, bypass access controls, or access private data.',
          'Username search is free. Email search uses credits, which come with a paid plan. Email Plus is a paid, human-reviewed report on one email address.',
        ],
      },
      {
        heading: '2. User obligations',
        paragraphs: ['You must use {brand} lawfully and responsibly. Permitted uses include:'],
        list: [
          'education and research;',
          'professional cybersecurity assessments you are authorised to perform;',
          'analysing your own digital footprint;',
          'lawful investigations, including journalism and due diligence.',
        ],
        listAfter: [
          'You must not use {brand} to harass, stalk, threaten or intimidate anyone; to collect private data about people; to break any law; to interfere with or overload the service or the sites it checks; to resell the service or its data; or to scrape the service by automated means beyond the documented API and its limits.',
        ],
      },
      {
        heading: '3. Data accuracy disclaimers',
        paragraphs: [
          'Results reflect what each site answered at the moment of the check, judged by community-maintained rules. Sites change, block automated requests and return errors, so results can be incomplete or wrong. A “found” result means a profile with that name or an account with that address exists, not that it belongs to a particular person. Do not take decisions about people based on {brand} results alone. The service is provided “as is”, without warranties of any kind.',
        ],
      },
      {
        heading: '4. Legal compliance',
        paragraphs: [
          'You are responsible for complying with the laws that apply to you, including data-protection law such as the GDPR, and with the terms of the sites you visit through links in the results. Where you process personal data found with {brand}, you are the controller of that processing.',
        ],
      },
      {
        heading: '5. Account management',
        paragraphs: [
          'Username search needs no account; email search, plans and Email Plus do. You are responsible for the accuracy of your registration details and for keeping access to your email address secure, since sign-in codes are sent there. We may suspend or close access that breaks these terms, that is used for abuse, or where required by law. Searches may be limited per device, IP address or account to keep the service available to everyone. You can delete your account at any time in Settings.',
        ],
      },
      {
        heading: '6. Plans, subscriptions and renewal',
        paragraphs: [
          'Prices, and what each plan includes, are shown on the [Pricing page](/pricing) and again at checkout before you pay. Payments are taken by our payment provider, Stripe.',
        ],
        list: [
          'The monthly plan is a subscription: it is charged when you subscribe and then every month, and each paid month adds its email-search credits.',
          'The trial is offered once per mailbox: a small fee for 7 days with a few credits. Unless you cancel before it ends, it turns into the monthly plan and the monthly price is charged.',
          'Email Plus is a monthly subscription: each paid month opens a new order with a fresh search of the address you chose and a new report. You can change the address before the next month starts.',
        ],
        listAfter: [
          'Subscriptions renew automatically at the end of each period, at the price then in force, on the card you paid with, until you cancel. Billing shows your plan, what renews and when, and your invoices. If a renewal payment fails, the payment provider tries again; if it cannot be collected, the subscription ends.',
        ],
      },
      {
        heading: '7. Cancellation and refunds',
        paragraphs: [
          'You can cancel a subscription at any time from Billing (“Manage Subscription” opens Stripe’s customer portal). Cancelling stops future renewals; what you have paid for stays until the end of the current period. Deleting your account cancels every subscription at once, without a refund for the rest of the period.',
          'Payments for a period that has started, and for credits already spent, are not refunded, except where the law requires it. If we cannot provide what you paid for — for example an Email Plus order we refuse — that payment is refunded in full to the card it came from. When a payment is refunded or lost in a dispute, the credits it added are taken back, as far as they have not been spent. None of this affects your statutory rights as a consumer.',
        ],
      },
      {
        heading: '8. Credits',
        paragraphs: [
          'An email search costs one credit. Credits come from the sign-up bonus (once per mailbox), the trial, each paid month of the monthly plan, or an administrator. They have no cash value, cannot be transferred or sold, are not refunded, and end with your account. A search that fails on our side gives its credit back; a search that finds nothing still counts.',
        ],
      },
      {
        heading: '9. Email search and Email Plus',
        paragraphs: [
          'Email search and Email Plus are also governed by the [Email Terms](/email-terms), which you accept when you run an email search or order Email Plus.',
        ],
      },
      {
        heading: '10. Service modifications',
        paragraphs: [
          'We may change, suspend or discontinue any part of the service, including the sites checked and usage limits, at any time. A price change for a subscription applies from its next renewal, and we tell you before it does. We may update these terms; the date above shows the latest version, and continued use means you accept the changes.',
        ],
      },
      {
        heading: '11. Intellectual property',
        paragraphs: [
          '{brand}’s software is open source under the MIT licence. The site catalogues come from the Sherlock (MIT), WhatsMyName (CC BY-SA 4.0) and Maigret (MIT) projects and remain under their licences. Names and logos of the sites in the results belong to their owners and are shown only to identify them.',
        ],
      },
      {
        heading: '12. Contact',
        paragraphs: ['Questions about these terms? See the [Contact page](/contact) for how to reach us.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    description:
      'What {brand} collects, who else receives it (payments, breach records, mail, hosting), how long it is kept, and your rights.',
    updated: 'Last updated: November 2026',
    intro:
      '{brand} is built to need as little data as possible. This page lists what we collect, why, who else receives it and for how long we keep it.',
    sections: [
      {
        heading: 'What a username search keeps',
        paragraphs: ['When you run a username search, our server receives and stores:'],
        list: [
          'the username you searched and the results: which sites answered, and for each profile found, the public facts that profile states (such as its display name, bio and links);',
          'a random device id (a string starting with “device_”) that your browser creates and sends with each search;',
          'your IP address, used only for rate limiting: the counters are deleted after a day;',
          'if you are signed in, a count of your account’s searches, for the same limits (including the searches “Follow leads” starts), deleted after a day; and, when you follow leads, the names and addresses the profiles point to, including those not searched because a limit was reached, kept and deleted with the search they came from.',
        ],
        listAfter: [
          'We use these only to run your search, to enforce fair-use limits and to prevent abuse. We do not build profiles of visitors and we do not sell data.',
        ],
      },
      {
        heading: 'What an email search does',
        paragraphs: [
          'An email search needs an account. To find where an address has accounts, our server sends the address to each website it checks, the way that site’s own sign-up, sign-in or password pages would; each of those sites receives the address (and our server’s IP address, never yours). When breach checks are switched on, the address is also sent to Have I Been Pwned to look up known data breaches. Nothing is ever sent to the address itself.',
          'The search, the address and the results are kept in My Searches, where you can delete them at any time.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Username searches with their results (including the public profile facts found) and device ids, and email searches with their results, are deleted automatically {days} days after the search. Sign-in codes expire after 10 minutes and are deleted a day later. What your account holds is kept until you delete it (see below).',
        ],
      },
      {
        heading: 'Watches',
        paragraphs: [
          'If you watch a username or an address, we keep the watch (the name or address, its label and the reason you gave), what it last knew about each site or check — whether an account was there, since when, and the profile address, never page content — its runs’ counts and the events it told you about, and for an address the names of the breaches it appeared in (never breach data). This is kept apart from searches, so it outlives the {days}-day limit above: it is deleted when you delete the watch or your account. The searches each run makes are deleted after {days} days like any search. Creating and deleting a watch is recorded, with its reason, in our audit log for abuse review.',
        ],
      },
      {
        heading: 'If you create an account',
        paragraphs: [
          'If you create one, we store your first and last name, your email address, your date of birth (to confirm you are 18 or older), your plan, your credits and their history (each grant and each spend), and the language of our emails, plus one entry per signed-in device (a short description such as “Firefox on Linux”, never your IP address) and the searches you run while signed in.',
          'Sign-in codes are stored only as a keyed hash. Signed-in devices stay signed in for 30 days after their last use.',
        ],
      },
      {
        heading: 'Payments and Email Plus',
        paragraphs: [
          'You enter your card on Stripe’s own checkout page: card numbers never reach our server. We keep your Stripe customer id, your subscription’s state and your order history; Stripe keeps the payments and invoices. An Email Plus order keeps the address the report is about, the reason you gave, the address it is delivered to and the report. Our staff read the order to review it and to prepare the report. Orders and reports are kept until you delete your account.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          '{brand} sets no cookies for searching; only when you sign in does it set one strictly necessary session cookie, which scripts on the page cannot read and which signing out removes. There are no analytics, advertising or third-party scripts. The page loads nothing from other servers: fonts are your system’s own, and site icons are fetched through our server, so the sites in your results never learn that you looked at them. Stripe’s checkout page is on Stripe’s own site and sets its own cookies there.',
          'Your browser keeps a few settings in its local storage: your theme and language, your device id, and your recent searches. They never leave your device except the device id sent with a search. “Clear all” in the recent-searches list deletes your history, and clearing site data in your browser deletes everything.',
        ],
      },
      {
        heading: 'Who receives data',
        paragraphs: [
          'We do not sell data. It reaches only the services that run the product for us, each for its own task:',
        ],
        list: [
          'Stripe, our payment provider: your email address and payment details when you subscribe or order Email Plus;',
          'Have I Been Pwned, for breach records: the address of an email search, when breach checks are switched on;',
          'the websites an email search checks: the address searched;',
          'our mail provider: your email address and the mails we send you (sign-in codes, receipts, reports);',
          'our hosting provider, whose servers store and run everything above.',
        ],
        listAfter: [
          'Beyond these, we disclose data only when required by a valid legal order or when needed to investigate abuse of the service.',
        ],
      },
      {
        heading: 'Deleting your account',
        paragraphs: [
          'Settings → “Delete my account” removes at once your account, sessions, searches and unfinished Email Plus requests, and cancels your subscriptions at Stripe. A few records stay, because accounting or fraud prevention needs them:',
        ],
        list: [
          'the credit history, no longer linked to you;',
          'two keyed hashes (HMACs) of your mailbox, one saying it already received the sign-up credits and one that it already used the trial, so that deleting and registering again does not grant them twice; they hold no address and cannot be turned back into one without our server’s key;',
          'paid Email Plus orders still being prepared, until they are delivered or refused;',
          'the payments and invoices Stripe keeps, and the log of changes our administrators made to your account (such as a credit grant), which names your email address.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'We process data in line with the EU General Data Protection Regulation (GDPR). The legal basis is the contract with you for accounts, payments and Email Plus, and otherwise our legitimate interest in running the service and preventing abuse. You can ask for access to, correction of or deletion of data about you; include the username or address you searched and the approximate time. See the [Contact page](/contact).',
        ],
      },
    ],
  },
  emailTerms: {
    title: 'Email Terms',
    description:
      'The terms for email search and Email Plus on {brand}: lawful purposes only, what is checked, credits, and what Email Plus delivers, when, and when it is refused or refunded.',
    updated: 'Last updated: November 2026',
    intro:
      'These terms add to the general Terms & Conditions for the email search and for Email Plus. By running an email search, or by ordering Email Plus (you tick that you accept them), you agree to them.',
    sections: [
      {
        heading: 'Lawful purposes only',
        paragraphs: [
          'Search only addresses you own, or addresses you have a lawful reason to look into: your own footprint, security assessments you are authorised to make, fraud prevention, journalism and legal investigations.',
          'Never use email search or Email Plus to stalk, harass, dox, intimidate or discriminate against anyone. We refuse and report abuse.',
        ],
      },
      {
        heading: 'What we check, and what we never do',
        paragraphs: [
          'Each check asks one website, the way its sign-up, sign-in or public profile pages do, whether the address has an account there, so each of those sites receives the address. We never log in, never read private data and never send anything to the address.',
          'Checks that could notify the address’s owner or touch their account (a password-reset email, a sign-in code, or a sign-in with a wrong password that may show in their security log or count toward a lock-out) are loud checks, and loud checks are off by default. The operator of a Hound server can turn them on with the HOUND_EMAIL_LOUD setting (and a command-line user with --loud); on this service they stay off unless its operator has done so.',
        ],
      },
      {
        heading: 'Accuracy',
        paragraphs: [
          'Websites change and some block automated checks. A result is the site’s answer at the time of the search; unclear answers are shown as unknown, never as found. An empty result is not proof that no account exists.',
        ],
      },
      {
        heading: 'Credits',
        paragraphs: [
          'An email search costs one credit. A search that fails on our side gives its credit back; a search that finds nothing still counts.',
        ],
      },
      {
        heading: 'Email Plus: what you get and when',
        paragraphs: [
          'Email Plus is a report on one email address, prepared and reviewed by a person from public sources. Depending on what those sources hold, it can include a full name, a home address, family members, social media profiles and other email addresses; not every report finds each of these, and a report that finds little is still a delivered report.',
          'The report is due within 3–5 business days after each payment. It is mailed to your account’s address, and your dashboard lists your orders with their state.',
        ],
      },
      {
        heading: 'Email Plus: review, refusals and refunds',
        paragraphs: [
          'Every order is reviewed: you tell us why you need the report, and we read it. We refuse orders that look unlawful or abusive, that concern someone you have no lawful reason to look into, or that we cannot fulfil. A refused order is refunded in full, and we tell you the reason.',
          'A delivered report is not refunded. If a report is late or wrong, contact us and we will put it right or refund it.',
        ],
      },
      {
        heading: 'Email Plus: the monthly subscription',
        paragraphs: [
          'Email Plus renews every month with a fresh search of the same address and a new report, until you cancel. You can change the address before the next month starts. Cancel in Billing to stop renewals; the month already paid is still delivered.',
        ],
      },
      {
        heading: 'Retention and deletion',
        paragraphs: [
          'Your email searches and their results are kept in My Searches for {days} days, then deleted. Email Plus orders and reports are kept until you delete your account. You can delete a search at any time, or your whole account in Settings.',
        ],
      },
    ],
  },
};
