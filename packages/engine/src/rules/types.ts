/**
 * Format-specific detection rules, stored in `SiteCheck.rule` and read only by that format's judge.
 * Each keeps its catalogue's own semantics (research/sherlock-maigret.md, research/wmn-email.md §a).
 */

export type SherlockErrorType = 'message' | 'status_code' | 'response_url';

export interface SherlockRule {
  kind: 'sherlock';
  /** One or more detection methods; with several, every one must pass for `found` (AND). */
  errorTypes: SherlockErrorType[];
  /** `message`: any of these in the body means not found (absence-only). */
  errorMsgs: string[];
  /** `status_code`: codes that mean not found, on top of every non-2xx. */
  errorCodes: number[];
  /** `response_url`: URL template (`{username}`) a missing profile redirects to. Honoured by Hound only. */
  errorUrl?: string;
}

export type MaigretCheckType = 'message' | 'status_code' | 'response_url';

export interface MaigretRule {
  kind: 'maigret';
  checkType: MaigretCheckType;
  /** `presenseStrs` and the correctly spelled `presenceStrs` (which Maigret itself ignores). */
  presenceStrs: string[];
  absenceStrs: string[];
  /** Substring → message: a hit means the site reported an error (unknown `site_error`). */
  errors: Record<string, string>;
  ignore403: boolean;
  /** URL template a missing profile redirects to (`response_url`). Honoured by Hound only. */
  errorUrl?: string;
  /** A positive result is a search hit, not necessarily an exact profile. */
  similarSearch: boolean;
  engine?: string;
}

export interface WhatsMyNameRule {
  kind: 'whatsmyname';
  eCode: number;
  /** '' means code-only. */
  eString: string;
  mCode: number;
  /** '' means code-only. */
  mString: string;
}

/** Hound's own rule: one matcher proves presence, one proves absence (or `otherwise`). */
export interface HoundMatcher {
  /** Status must be one of these (a number or a class such as `2xx`). */
  status?: Array<number | string>;
  /** Status must be none of these. */
  statusNot?: Array<number | string>;
  bodyIncludesAll?: string[];
  bodyIncludesAny?: string[];
  bodyExcludes?: string[];
  /** JS regex source (`u` flag), searched in the body. */
  bodyMatches?: string;
  /** URL template the response's `Location` must point to (use with `followRedirects: false`). */
  redirectTo?: string;
}

export interface HoundRule {
  kind: 'hound';
  found: HoundMatcher | 'otherwise';
  notFound: HoundMatcher | 'otherwise';
  errors: Record<string, string>;
}

export type CheckRule = SherlockRule | MaigretRule | WhatsMyNameRule | HoundRule;
