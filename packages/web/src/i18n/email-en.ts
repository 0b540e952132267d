import { emailEvidenceEn } from './email-evidence-en.ts';

/** English strings of email search: the page, the modal, My Searches' email part and the Email Terms. */
export const emailEn = {
  page: {
    eyebrow: '{brand} Email',
    title: 'Find where an email address has accounts',
    lead: 'A reverse email lookup: {brand} asks {count} websites, live, whether the address is registered there, and shows the evidence for every answer.',
    label: 'Email address',
    placeholder: 'name@example.com',
    notFound: 'This search was not found. It may have been deleted or belong to another account.',
    running: 'Your searches still running',
    submit: 'Search',
    note: 'Results show on screen and are saved to your Dashboard (My Searches). No email is sent to the address.',
    links: 'Email Terms',
    privacy: 'Privacy Policy',
    footprintTitle: 'Find Your Footprint',
    footprintText:
      'Search your own address to see which sites still hold an account for it: old sign-ups you forgot, services worth closing, breaches worth a new password.',
    latestTitle: 'Latest Results',
    latestNote: 'Illustrative examples — made-up people and addresses, never real data.',
    featuresTitle: 'What an email search shows',
    free: 'Free',
    plusOnly: 'Only available in Email Plus',
    features: {
      accounts: 'Registered Site Accounts',
      accountsText: 'Sites where the address has an account, checked live with the evidence.',
      fullName: 'Full Name',
      homeAddress: 'Home Address',
      family: 'Family Members',
      social: 'Social Media Profiles',
      emails: 'Email Addresses',
    },
    faqTitle: 'Email lookup FAQ',
    faq: [
      {
        q: 'What is included?',
        a: 'The sites where the address has an account, each with how we know (sign-up form, sign-in step or public profile) and the answer the site gave. Breaches appear when the operator has set up Have I Been Pwned.',
      },
      {
        q: 'How do I receive the results?',
        a: 'On screen, as the checks finish, and saved under My Searches in your Dashboard. Nothing is sent to the address you search.',
      },
      {
        q: 'Is a result guaranteed?',
        a: 'No. Sites change, block automated checks or answer ambiguously; those show as unknown with the reason instead of a guess. An empty result means no checked site confirmed an account.',
      },
      {
        q: 'How do I delete my data?',
        a: 'Delete a search under My Searches, or your whole account in Settings. For anything else, contact support.',
      },
    ],
  },
  modal: {
    title: 'Email search',
    close: 'Close',
    emailCard: '{brand} Email',
    emailCardText: 'Registered site accounts for {email}.',
    credits: 'Remaining credits: {count}',
    useCredit: 'Use My Credit',
    noCredits: 'You have no credits left.',
    plusCard: 'Email Plus',
    plusText: 'A human-reviewed report that goes beyond registered accounts:',
    plusFeatures: ['Full name', 'Home address', 'Family members', 'Social media profiles', 'Email addresses'],
    plusTarget: 'Email to investigate',
    steps: [
      'Checking dating apps',
      'Scanning social media profiles',
      'Collecting data',
      'Analyzing active/inactive accounts',
    ],
    progress: '{done} of {total} checks done',
    resultsTitle: 'Accounts for {email}',
    noResults: 'No results found.',
    showLinks: 'Show links',
    hideLinks: 'Hide links',
    noLinks: "No site links found for this record or it's an old record.",
    searchUsername: 'Search “{username}”',
    saved: 'Saved to My Searches.',
  },
  errors: {
    empty: 'Please enter an email address',
    invalid: 'Invalid email. Max 70 chars, and characters $ / \\ " are not allowed.',
    malformed: 'Enter a valid email address, like name@example.com.',
    notEnoughCredits: 'Not enough credits',
    unableToVerify: 'Unable to verify credits',
    failedToDecrement: 'Failed to decrement credits',
    unableToDecrement: 'Unable to decrement credits',
    searchFailed: 'Search failed',
    signIn: 'Please sign in to continue',
  },
  logs: {
    title: 'Email searches',
    usernameTitle: 'Username searches',
    empty: 'No searches yet.',
    noLinks: "No site links found for this record or it's an old record.",
    searchId: 'Search ID',
    statuses: { running: 'Running', completed: 'Completed', error: 'Failed' },
    accounts: { one: '{count} account', other: '{count} accounts' },
    open: 'Open',
    show: 'Show accounts',
    hide: 'Hide accounts',
    exportJson: 'JSON',
    exportCsv: 'CSV',
    delete: 'Delete',
    deleted: 'Search deleted',
  },
  terms: {
    title: 'Email Terms',
    description: 'The terms for email lookups on {brand}: lawful purposes only, what is checked and what is not.',
    updated: 'Last updated: November 2026',
    intro:
      'These terms add to the general Terms & Conditions for the email search. By running an email search you agree to them.',
    sections: [
      {
        heading: 'Lawful purposes only',
        paragraphs: [
          'Search only addresses you own, or addresses you have a lawful reason to look into: your own footprint, security assessments you are authorised to make, fraud prevention, journalism and legal investigations.',
          'Never use email search to stalk, harass, dox, intimidate or discriminate against anyone. We refuse and report abuse.',
        ],
      },
      {
        heading: 'What we check, and what we never do',
        paragraphs: [
          'Each check asks one website, the way its sign-up, sign-in or public profile pages do, whether the address has an account there. We never log in, never read private data and never send anything to the address.',
          'Checks that could notify the address’s owner (for example a password-reset email or a login alert) are switched off.',
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
        heading: 'Retention and deletion',
        paragraphs: [
          'Your email searches and their results are kept in My Searches for {days} days, then deleted. You can delete a search at any time, or your whole account in Settings.',
        ],
      },
    ],
  },
  /** An email search's results: counts, how each answer was decided, breaches, pivots (decision 107). */
  evidence: emailEvidenceEn,
};
