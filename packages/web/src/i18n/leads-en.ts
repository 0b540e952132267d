/** English strings of "Follow leads" (issue 29): the search form's option, the results' Leads, My Searches. */
export const leadsEn = {
  option: 'Follow leads',
  optionHint:
    'Usernames that the found profiles link to are searched too, each as a search of its own with the reason it was followed.',
  depth: 'How far',
  depthOne: '1 step: the names these profiles link to',
  depthTwo: '2 steps: also the names their profiles link to',
  title: 'Leads',
  intro: 'Searches started from what the found profiles link to.',
  loading: 'Loading the leads…',
  none: 'No leads: the found profiles link to no other username.',
  failed: 'The leads could not be loaded.',
  reason: 'linked from the {site} profile of {query}',
  open: 'Open',
  notStarted: 'not searched',
  statuses: {
    queued: 'queued',
    running: 'running',
    completed: 'completed',
    error: 'failed',
    cancelled: 'cancelled',
  } as Record<string, string>,
  found: '{count} found',
  emailLead: 'email address',
  fromParent: 'from {query}',
};
