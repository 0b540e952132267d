/** English strings of an email search's results: counts, how each answer was decided, breaches, pivots. */
export const emailAnswersEn = {
  counts: {
    asked: 'Sites asked',
    found: 'Found',
    notFound: 'Not registered',
    unknown: 'Could not check',
    skipped: { one: '{count} check was not run (listed below).', other: '{count} checks were not run (listed below).' },
  },
  found: 'Accounts found',
  notFound: 'Not registered ({count})',
  unknown: 'Could not check ({count})',
  skipped: 'Not run ({count})',
  show: 'Show',
  hide: 'Hide',
  /** How the answer was decided, by the check's method and its verdict. */
  decided: {
    register: {
      found: 'The sign-up form says this address is already in use.',
      not_found: 'The sign-up form accepts this address as new.',
    },
    login: {
      found: 'The sign-in page recognises this address.',
      not_found: 'The sign-in page says no account uses this address.',
    },
    recovery: {
      found: 'The password-reset page knows this address.',
      not_found: 'The password-reset page says no account uses this address.',
    },
    api: {
      found: 'The site’s public API lists an account for this address.',
      not_found: 'The site’s public API lists no account for this address.',
    },
    profile: {
      found: 'A public profile exists for this address.',
      not_found: 'The site has no public profile for this address.',
    },
    other: {
      found: 'The site’s answer says the address has an account.',
      not_found: 'The site’s answer says the address has no account.',
    },
  },
  /** Reasons an email check could not decide or was not run (the username reasons cover the rest). */
  reasons: {
    unexpected_response: 'The site answered in a way that says neither “registered” nor “not registered”.',
    disabled: 'Not run: this check could notify the address’s owner, so it is switched off.',
    missing_key: 'Not run: this check needs an API key the operator has not set.',
    cancelled: 'The search ended before this site answered.',
  },
  evidence: 'Evidence',
  answer: 'The site’s answer',
  status: 'HTTP status',
  time: 'Time',
  profile: 'Profile',
  openProfile: 'Open profile',
  noPage: 'No public page per address to link to.',
  usernames: 'Usernames',
  breaches: 'Breaches',
  breachesNote: 'Breaches that include this address, from Have I Been Pwned.',
  noBreaches: 'Have I Been Pwned lists no breach with this address.',
  breachesOff: 'Breaches are not checked here: the operator has not set up Have I Been Pwned.',
  breachDate: 'Breached {date}',
  records: 'Records',
  pivots: 'Search as a username',
  pivotsNote: 'The address’s name and usernames the sites returned, each a free username search.',
  pivotsFollowed: 'Already searched as leads (see Leads below): {names}.',
  searchAll: 'Search all {count}',
  showEvidence: 'Show evidence',
  hideEvidence: 'Hide evidence',
  exportTitle: 'Export the results',
  report: {
    title: '{email}: email search report ({brand})',
    heading: 'Email search report: “{email}”',
    answer: 'Answer',
    how: 'How it was decided',
    registered: 'registered',
    notRegistered: 'not registered',
    couldNotCheck: 'could not check',
    footer:
      'Each answer is what the site said to an automated check at that time; “registered” means an account uses this address, not who owns it. Made with {brand}, open-source OSINT search.',
  },
  loading: 'Loading the results…',
  failed: 'The results could not be loaded.',
};
