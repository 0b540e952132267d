/**
 * English catalogue (default). Every user-facing string of the app lives here; tr.ts mirrors it.
 * `{brand}` is filled with the configured brand name; other `{name}` placeholders at the call site.
 */
import { accountEn } from './account-en.ts';
import { adminEn } from './admin-en.ts';
import { apiEn } from './api-en.ts';
import { billingEn } from './billing-en.ts';
import { creditsEn } from './credits-en.ts';
import { emailAnswersEn } from './email-answers-en.ts';
import { emailEn } from './email-en.ts';
import { graphEn } from './graph-en.ts';
import { leadsEn } from './leads-en.ts';
import { watchesEn } from './watches-en.ts';

export const en = {
  brand: '{brand}',
  account: accountEn,
  admin: adminEn,
  /** The public API (issue 40): the API page, API keys and webhooks in the dashboard. */
  api: apiEn,
  billing: billingEn,
  /** The dashboard's credit history (issue 38). */
  credits: creditsEn,
  /** An email search's results: counts, how each answer was decided, breaches, pivots (decision 107). */
  emailAnswers: emailAnswersEn,
  email: emailEn,
  graph: graphEn,
  /** Follow leads (issue 29): the form's option, the results' Leads section, children in My Searches. */
  leads: leadsEn,
  /** Watchlists (issue 39): Watches, a watch's timeline, "Watch this", mail links. */
  watches: watchesEn,
  meta: {
    title: '{brand} — find where a username has a profile',
    description:
      '{brand} checks thousands of websites live to find where a username has a profile. Open source, no account, no trackers.',
  },
  common: {
    loading: 'Loading...',
  },
  header: {
    home: '{brand} home',
    nav: 'Main',
    library: 'Library',
    language: 'Language',
    toLight: 'Switch to light theme',
    toDark: 'Switch to dark theme',
    skip: 'Skip to content',
  },
  languages: {
    en: 'English',
    tr: 'Türkçe',
  },
  footer: {
    whatTitle: 'What is {brand}?',
    what: '{brand} is an open-source OSINT tool that finds where a username has a profile. It checks the sites of the Sherlock, WhatsMyName and Maigret catalogues at the same time and shows each answer as it arrives, with the evidence behind it.',
    howTitle: 'How to use it',
    howSteps: [
      'Type a username into the search box.',
      'Press Search and watch the results stream in.',
      'Open a result to see its link and evidence.',
      'Filter, copy links, or export everything as JSON or CSV.',
    ],
    featuresTitle: 'Features',
    features: [
      'Live results from thousands of sites',
      'Found, not found and unknown — never a guess',
      'Evidence for every result',
      'Status and category filters',
      'JSON and CSV export',
      'No account, no cookies, no trackers',
    ],
    linksTitle: 'Links',
    pricing: 'Pricing',
    terms: 'Terms & Conditions',
    privacy: 'Privacy Policy',
    emailTerms: 'Email Terms',
    contact: 'Contact',
    licenses: 'Licenses',
    sherlock: 'Sherlock project on GitHub',
    community: 'Community',
    copyright: '© {year} {brand}. Open source under the MIT licence.',
    dataCredit: 'Site data: Sherlock, WhatsMyName and Maigret projects.',
  },
  crash: {
    title: 'Something Went Wrong',
    text: 'An unexpected error stopped this page. Please refresh the page to continue; your recent searches are kept.',
    details: 'Technical details',
    reload: 'Reload Page',
  },
  hero: {
    eyebrow: 'Open-source username search',
    title: 'Find every profile behind a username',
    lead: '{brand} checks thousands of websites at once and shows, live, where a username is registered, with the evidence for every answer.',
    leadCount:
      '{brand} checks {count} websites at once and shows, live, where a username is registered, with the evidence for every answer.',
    points: ['No account needed', 'Results in seconds', 'No cookies or trackers'],
  },
  search: {
    label: 'Username',
    placeholder: 'Enter username to search...',
    clear: 'Clear input',
    submit: 'Search',
    recent: 'Recent searches ({count})',
    clearAll: 'Clear all',
    resultCount: { one: '{count} result', other: '{count} results' },
    emailHint:
      'That looks like an email address. {brand} searches usernames, and the @ part would never match a profile name.',
    emailSearchLocal: 'Search “{username}” instead',
    emailSearchAddress: 'Search this address with {brand} Email',
    empty: 'Type a username first: the search needs a name to look for.',
    options: 'Search options: several names, variants, which sites',
    scope: {
      title: 'Which sites',
      hint: 'By default every reliable site except adult ones is searched.',
      nsfw: 'Include adult (NSFW) sites',
      sites: 'Only these sites (names, comma-separated)',
      sitesPlaceholder: 'GitHub, Reddit',
      categories: 'Only these categories',
    },
    severalHint:
      'Separate usernames with commas to search several (up to {max}): each is a search of its own, run one after another, with its own address.',
    variants:
      'Also search variants: the parts of a name joined by _, -, . and nothing (john doe → john_doe, john-doe, john.doe, johndoe).',
  },
  progress: {
    label: 'Search progress',
    starting: 'Starting the search…',
    opening: 'Opening the stored search…',
    openingHint: 'Its results are loading: nothing is searched again.',
    queued: 'Waiting for a free slot…',
    running: 'Checking sites…',
    completed: 'Search complete in {seconds} s',
    cancelled: 'Search cancelled',
    stopped: 'Search stopped',
    expected:
      'All sites are checked at the same time, so most searches finish in under a minute: the slowest site sets the pace.',
    remaining: 'About {seconds} s left at the current speed.',
    completedHint: 'Open a result to see its link and the evidence behind it.',
    cancelledHint: 'Sites checked before you cancelled are listed below.',
    seconds: '{seconds} s',
    cancel: 'Cancel',
    valueText: '{done} of {total} sites checked',
    checked: 'Checked',
    found: 'Found',
    elapsed: 'Elapsed',
    speed: 'Speed',
    perSecond: '{rate} sites/s',
    whileWaiting: 'Questions while you wait?',
    afterwards: 'Questions about a result?',
    community: 'Ask the community',
    emailSearchPrompt: 'Have an email address too?',
    emailSearch: 'Try email search',
  },
  results: {
    title: 'Results for "{username}"',
    // Spec 000 §2's sentence, with its counts in the singular when there is one.
    summary: 'Found {found} across {platforms}. ({notFound} not found)',
    profiles: { one: '{count} profile', other: '{count} profiles' },
    platforms: { one: '{count} platform', other: '{count} platforms' },
    unknownSummary: {
      one: '{count} site could not be checked: {reasons}. It is listed under Unknown, never counted as not found.',
      other:
        '{count} sites could not be checked: {reasons}. They are listed under Unknown, never counted as not found.',
    },
    invalidSummary: {
      one: '{count} site was skipped because this username is not valid there (listed under Unknown).',
      other: '{count} sites were skipped because this username is not valid there (listed under Unknown).',
    },
    exportJson: 'Export JSON',
    exportCsv: 'Export CSV',
    error: 'Error',
    waiting: 'Found profiles appear here as soon as each site answers.',
    noMatch: 'No results match your current filters.',
    conflictSummary: {
      one: 'On {count} site the catalogues disagree (one says found, another not found): it is listed under Unknown with what each concluded.',
      other:
        'On {count} sites the catalogues disagree (one says found, another not found): they are listed under Unknown with what each concluded.',
    },
    exportXlsx: 'Export XLSX',
    exportHtml: 'HTML report',
    printView: 'Print view',
    exportScope: 'Export',
    scopeShown: 'Shown ({count})',
    scopeAll: 'All ({count})',
    exportHint: 'Exports, the report and the print view hold the results chosen here.',
    copyFound: 'Copy found links ({count})',
    copiedFound: { one: '{count} link copied', other: '{count} links copied, one per line' },
    openFound: 'Open all found ({count})',
    openFoundHint: 'Opens each found profile in a new tab; your browser may ask you to allow pop-ups for this site.',
    openedFound: {
      one: '{count} tab asked for.',
      other: '{count} tabs asked for. If only one opened, allow pop-ups for this site.',
    },
    tools: 'Export, report and links',
  },
  errors: {
    unsupportedCharacters: 'Use letters only. Do not use special characters.',
    tooManyActive: 'Too many active searches. Please wait a moment and try again.',
    serverError: 'Server error. Please try again later.',
    requestFailed: 'Request failed. Please try again.',
    busy: 'The system is busy, please try again later',
    deviceLimit: 'Device search limit reached',
    unexpectedError: 'Unexpected error occurred',
    unexpectedResponse: 'The server sent an unexpected response. Please try again.',
    pollingFailed: 'Connection error, results could not be retrieved. Please try again later.',
    unknown: 'An unknown error occurred',
    missing:
      'This search is no longer stored (searches are deleted after the retention period) or the link is wrong. Search the name again.',
    usernameRule: 'A username may contain letters A–Z, digits and . _ - only, up to 64 characters.',
    usernameTooLong: 'This name has {length} characters.',
    usernameSpace: 'Spaces are not allowed (try “john.doe” or “john_doe”).',
    usernameCharacters: 'Not allowed: {characters}.',
    tooManyNames: 'Up to {max} usernames at a time ({count} given, variants included).',
  },
  filters: {
    status: 'Status',
    statuses: { found: 'Found only', all: 'All', not_found: 'Not found', unknown: 'Unknown' },
    categories: 'Categories',
    allCategories: 'All categories',
    catalogueCategories: 'Catalogue categories ({count})',
    name: 'Find a site',
    namePlaceholder: 'Filter by site name…',
    sort: 'Order',
    sorts: { checked: 'As checked', name: 'Name', category: 'Category', verdict: 'Verdict' },
  },
  verdicts: {
    found: 'Found',
    not_found: 'Not found',
    unknown: 'Unknown',
    invalid: 'Skipped',
  },
  verdictExplained: {
    found: 'A profile with this username exists on this site.',
    not_found: 'This site reports no profile with this username.',
    unknown: 'This site could not be checked, so nothing is known about the account.',
    invalid: 'Not checked: this username cannot exist on this site.',
  },
  reasons: {
    timeout: { short: 'timed out', long: 'The site did not answer in time.' },
    blocked: { short: 'bot protection', long: 'The site answered with a bot-protection or captcha page.' },
    rate_limited: { short: 'rate limited', long: 'The site asked us to slow down (HTTP 429) for longer than we wait.' },
    login_wall: { short: 'login wall', long: 'The site showed a login page instead of the profile.' },
    consent_wall: { short: 'consent wall', long: 'The site showed a cookie-consent page instead of the profile.' },
    region_blocked: { short: 'region blocked', long: 'The site is not available from our region.' },
    conflict: {
      short: 'catalogues disagree',
      long: 'The catalogues’ rules for this site disagree, so no verdict is given.',
    },
    network: { short: 'network error', long: 'The connection failed or was closed early.' },
    dns: { short: 'site unreachable', long: 'The site’s address could not be resolved.' },
    tls: { short: 'TLS error', long: 'The site’s secure connection could not be established.' },
    blocked_address: {
      short: 'internal address',
      long: 'The site’s address (or a page it redirected to) is not on the public internet, so it was not asked.',
    },
    http_error: { short: 'HTTP error', long: 'The site answered with an error status the rules do not cover.' },
    http_5xx: { short: 'server error', long: 'The site answered with a server error.' },
    site_error: { short: 'site error', long: 'The site showed a known error page.' },
    redirect_loop: { short: 'redirect loop', long: 'The site kept redirecting without reaching a page.' },
    indistinguishable: {
      short: 'answers any name',
      long: 'The site answered a made-up username the same way, so its answer says nothing about this one.',
    },
    unfamiliar_answer: {
      short: 'not the site’s own page',
      long: 'The answer does not look like this site’s profile or not-found page as last seen, so nothing is concluded.',
    },
    site_not_answering: {
      short: 'site not answering',
      long: 'The site gave an account known to exist the same answer, so it is not telling real accounts from missing ones right now.',
    },
    too_large: { short: 'response too large', long: 'The answer was too large to inspect safely.' },
    cancelled: { short: 'cancelled', long: 'The check was cancelled.' },
    unsupported_username: {
      short: 'username not valid there',
      long: 'The username contains characters this site does not allow.',
    },
    disabled: { short: 'disabled', long: 'This site is disabled because its check is not reliable.' },
    unsupported_check: { short: 'unsupported', long: 'This site’s check cannot be run.' },
    other: { short: 'other', long: 'Reason: {reason}.' },
  },
  result: {
    copy: 'Copy URL',
    copied: 'URL copied to clipboard',
    copyFailed: 'The URL could not be copied',
    open: 'Open',
    noUrl:
      'The catalogues give no profile address for this site (the check asks the site directly), so there is no link to open.',
    httpStatus: 'HTTP status',
    rule: 'Rule',
    elapsed: 'Time',
    ms: '{ms} ms',
    agreed: 'Catalogues agreed',
    category: 'Category',
    finalUrl: 'Final URL',
    detail: 'Detail',
    perCatalogue: 'Each catalogue’s verdict',
    conflict: 'The catalogues disagree about this site: {summary}. Open the profile to decide.',
    conflictEach: '{catalogue} says {verdict}',
  },
  batch: {
    title: 'Several usernames ({done} of {count} done)',
    waiting: 'Waiting',
    running: 'Searching…',
    completed: { one: '{count} profile', other: '{count} profiles' },
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  report: {
    title: '{username}: username search report ({brand})',
    heading: 'Username search report: “{username}”',
    generated: 'Made with {brand} on {date}.',
    reopen: 'Reopen the search:',
    scopeAll: { one: 'The one result of the search.', other: 'All {count} results of the search.' },
    scopeShown: {
      one: '{count} of {total} results, as filtered on the page ({filters}).',
      other: '{count} of {total} results, as filtered on the page ({filters}).',
    },
    found: 'Found',
    notFound: 'Not found',
    unknown: 'Unknown',
    checked: 'In this report',
    site: 'Site',
    verdict: 'Verdict',
    category: 'Category',
    profile: 'Profile',
    note: 'Note',
    footer:
      'Each verdict comes from the site’s own answer to an automated check at that time. Open a profile to confirm it before relying on it. Made with {brand}, open-source username search.',
  },
  sponsored: {
    label: 'Sponsored',
  },
  categoryNames: {
    social: 'Social',
    professional: 'Professional',
    gaming: 'Gaming',
    forum: 'Forum',
    creative: 'Creative',
    other: 'Other',
  },
  about: {
    title: 'How {brand} works',
    intro:
      'Username search shows where a handle is registered. It is one of the first steps of most online investigations, and the quickest way to see your own footprint.',
    steps: [
      {
        title: 'Three catalogues, merged',
        text: '{brand} combines the site rules of Sherlock, WhatsMyName and Maigret, the community catalogues OSINT researchers use. A site known to several catalogues is checked once and judged by each of their rules.',
      },
      {
        title: 'Every site at once',
        text: 'Sites are checked in parallel, politely limited per site. Each answer appears the moment it arrives, so the first profiles show up within seconds.',
      },
      {
        title: 'Answers with evidence',
        text: 'Every result shows the HTTP status, the rule that decided and which catalogues agreed. When a site cannot be judged, {brand} says why instead of guessing.',
      },
    ],
    verdictsTitle: 'What the results mean',
    verdicts: [
      {
        term: 'Found',
        text: 'The site’s rule says a profile with this name exists. Open it to confirm it is who you think.',
      },
      { term: 'Not found', text: 'The site’s rule says there is no such profile.' },
      {
        term: 'Unknown',
        text: 'The site timed out, showed a bot check, limited our requests or returned an error. A blocked check says nothing about the account.',
      },
      {
        term: 'Skipped',
        text: 'The username cannot exist on that site (for example, it has characters the site forbids), so nothing was sent.',
      },
    ],
    faqTitle: 'Frequently asked questions',
    faq: [
      {
        q: 'How does {brand} know whether a profile exists?',
        a: [
          'For each site, {brand} requests the profile page (or the site’s own lookup endpoint) for the username and applies that site’s detection rule from the catalogues: an HTTP status code, a text that only appears on existing or missing profiles, or a redirect.',
          'Sherlock, WhatsMyName and Maigret each describe sites in their own way. {brand} honours each format’s own rules, and when they disagree about a site the result says so.',
        ],
      },
      {
        q: 'How accurate are the results, and what does “Unknown” mean?',
        a: [
          'A “Found” result means the site answered the way an existing profile answers. Sites change, so treat a match as a lead and open the profile to confirm it.',
          '“Unknown” means the site could not be judged: it timed out, showed a bot-protection or captcha page, limited our request rate, or returned an error. Many tools report these as “not found”; {brand} never does, because a blocked check tells you nothing about the account.',
          'A username match is not an identification: popular handles belong to many different people. Confirm with a second, independent signal such as the same photo, bio or links.',
        ],
      },
      {
        q: 'How long does a search take?',
        a: [
          'Usually well under a minute. All sites are checked at the same time, so the total time is roughly the time the slowest site needs to answer. Found profiles appear as soon as each site answers, and the progress bar shows how many sites are done and how fast it is going.',
        ],
      },
      {
        q: 'What do you keep about my searches?',
        a: [
          'The username you searched, a random device id created by your browser, and your IP address for rate limiting and abuse prevention. They are deleted on a fixed schedule (see the Privacy Policy). There are no cookies, no analytics and no third-party trackers.',
          'Site icons are fetched through our own server, so the sites in the results never learn that you looked at them. Your recent searches are stored only in your browser, and “Clear all” removes them.',
        ],
      },
      {
        q: 'Where does the list of sites come from?',
        a: [
          'From three open-source projects: Sherlock (MIT licence), WhatsMyName (CC BY-SA 4.0) and Maigret (MIT licence). {brand} downloads their catalogues, refreshes them at most daily, and runs a regular self-test that takes unreliable sites out of searches. The Licenses page credits each source.',
        ],
      },
      {
        q: 'Can I search an email address?',
        a: [
          'Not in the username search: an address like name@example.com would never match a profile name. Search the part before the @ instead, since many people reuse it as a handle.',
          'Yes, with {brand} Email: the email search finds the sites where an address has registered accounts. It needs an account and costs one credit per search (the trial and the Premium plan come with credits), and Email Plus adds a human-reviewed report on the address. See Pricing.',
        ],
      },
      {
        q: 'What am I allowed to use {brand} for?',
        a: [
          'Research and education, security assessments you are authorised to perform, checking your own digital footprint, and lawful investigations. Harassment, stalking and collecting people’s private data are forbidden. The Terms & Conditions give the details.',
        ],
      },
    ],
    moreReading: 'New to OSINT? Read the guides in the',
    libraryLink: 'Library',
  },
  library: {
    metaTitle: 'Library · OSINT guides · {brand}',
    metaDescription:
      'Practical guides to open source intelligence: OSINT fundamentals, username search and investigating leaks.',
    back: 'Back to Search',
    eyebrow: 'Library',
    title: 'OSINT guides',
    intro:
      'Practical articles on open source intelligence: how to start, how to use username search well, and how to investigate leaks accurately and ethically.',
    categories: { investigations: 'Investigations', tools: 'Tools', fundamentals: 'Fundamentals' },
    readTime: '{minutes} min read',
    read: 'Read Article',
  },
  article: {
    back: 'Back to Library',
    metaTitle: '{title} · {brand}',
    notFoundTitle: 'Article Not Found',
    notFoundText: "The article you're looking for doesn't exist.",
    tags: 'Tags',
  },
  notFound: {
    title: 'Page not found',
    text: 'There is nothing at this address. It may have moved, or the link may be wrong.',
    home: 'Go to search',
  },
  legal: {
    back: 'Back to Home',
    contact: {
      title: 'Contact',
      description: 'How to reach the {brand} team and community.',
      intro: 'We read everything we receive. Choose the channel that fits your question.',
      supportTitle: 'Support',
      supportEmail: 'Email us at',
      supportNoEmail:
        'The people running this installation have not published a support address yet (they set it with CONTACT_EMAIL). A wrong result usually comes from the public site lists: report it to the project that maintains them (see Site data below).',
      supportTips:
        'When reporting a wrong result, include the username, the site and the time of the search: the evidence in the expanded result card (HTTP status and rule) helps a lot.',
      communityTitle: 'Community',
      communityText: 'Questions, ideas and tips from other investigators:',
      dataTitle: 'Site data',
      dataText:
        'A site is missing or its rule is outdated? The catalogues are community projects; corrections are best sent upstream, for example to the Sherlock project:',
      abuseTitle: 'Abuse and legal requests',
      abuseText:
        'To report misuse of the service, or for legal requests, contact us through the support channel above and mark your message as urgent.',
    },
    licenses: {
      title: 'Licenses',
      description: '{brand}’s licence, the licences of its data sources, and of the software bundled in this page.',
      intro: '{brand} is open source and stands on the work of others. This page credits them.',
      productTitle: '{brand}',
      productText: '{brand} is released under the MIT licence.',
      showLicense: 'Show licence text',
      dataTitle: 'Data sources',
      dataText: 'The sites {brand} checks and their detection rules come from these community catalogues:',
      wmnNote:
        'WhatsMyName data is licensed under Creative Commons Attribution-ShareAlike 4.0: results derived from it may be shared under the same licence, with attribution to the WhatsMyName project.',
      bundleTitle: 'Software in this page',
      bundleText:
        'This list is generated when the app is built, from the packages actually included in the code your browser runs.',
      noText: 'Licensed under {license}; the package ships no separate licence file.',
      bundleMissing: 'The list of bundled packages is produced by the production build and is not available here.',
    },
  },
};
