/**
 * The error texts a username search can end with, shared by the modules that start, run and follow searches
 * (in a module of their own, so none of those imports another for its words: issue 41 item 13).
 */

export const CATALOGUES_LOADING_MESSAGE = 'Site catalogues are still loading. Please try again in a minute.';
/** Shown when the downloads failed and nothing is cached: waiting a minute will not help. */
export const CATALOGUES_UNAVAILABLE_MESSAGE =
  'The site lists could not be downloaded, so searches cannot run on this installation yet. ' +
  'If you run it: let the server reach the internet, or set HOUND_CATALOGUES to local catalogue files, and restart.';
export const ENQUEUE_FAILED_MESSAGE = 'The search could not be queued. Please try again later.';
