import type { EmailCheckResult } from '@hound/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailAnswersEn } from '../../i18n/email-answers-en.ts';
import { emailAnswersTr } from '../../i18n/email-answers-tr.ts';
import { en } from '../../i18n/en.ts';
import { tr } from '../../i18n/tr.ts';
import { renderWithApp } from '../../test/render.tsx';
import {
  breachState,
  detailValue,
  groupResults,
  howDecided,
  parseBreach,
  readableDate,
  reasonSentence,
  visibleDetails,
} from './email-evidence.ts';
import { EmailResults } from './email-results.tsx';

const result = (
  id: string,
  verdict: EmailCheckResult['verdict'],
  extra: Partial<EmailCheckResult> = {},
): EmailCheckResult => ({
  check_id: id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  domain: `${id}.example`,
  category: 'social',
  url: '',
  method: 'register',
  verdict,
  evidence: { rule: `rule of ${id}`, elapsed_ms: 12, agreed: [], status: 200 },
  ...extra,
});

const EMAIL = 'ivy.stone@example.com';
const RESULTS: EmailCheckResult[] = [
  result('github', 'found', {
    evidence: {
      rule: 'status 422 and body contains "already associated"',
      elapsed_ms: 80,
      agreed: ['hound'],
      status: 422,
    },
  }),
  result('gravatar', 'found', {
    method: 'profile',
    url: 'https://gravatar.com/abc',
    details: {
      'Display name': 'Ivy Stone',
      Profile: 'https://gravatar.com/abc',
      'Verified accounts': 'Mastodon: https://mastodon.example/@ivy, https://ivy.example',
      Joined: '2015-03-01',
    },
  }),
  result('duolingo', 'found', { method: 'api', usernames: ['ivy_s'] }),
  result('hibp', 'found', {
    method: 'api',
    records: [
      { type: 'Hacked Email Address', data: 'Adobe · 2013-10-04 · Email addresses, Passwords' },
      { type: 'Hacked Email Address', data: 'Canva · 2019-05-24 · Names' },
    ],
  }),
  result('spotify', 'not_found', { method: 'login' }),
  result('amazon', 'not_found', { method: 'recovery' }),
  result('xcom', 'unknown', { reason: 'blocked' }),
  result('nike', 'unknown', { reason: 'unexpected_response' }),
  result('samsung', 'invalid', { reason: 'disabled' }),
];

describe('readable dates', () => {
  it('reads ISO dates and date-times in the page’s language, and leaves other text alone', () => {
    expect(readableDate('2013-10-04', 'en-GB')).toBe('4 Oct 2013');
    expect(readableDate('2013-10-04', 'tr-TR')).toBe('4 Eki 2013');
    expect(readableDate('2019-01-16T08:24:37Z', 'en-GB')).toMatch(/^16 Jan 2019, \d\d:\d\d$/);
    expect(readableDate('2019-13-45', 'en-GB')).toBeNull();
    expect(readableDate('ivy_2013-10-04', 'en-GB')).toBeNull();
    expect(readableDate('12345', 'en-GB')).toBeNull();
  });
});

describe('how an email answer was decided', () => {
  it('says it in plain words from the check’s method and verdict', () => {
    const t = emailAnswersEn;
    expect(howDecided(result('a', 'found'), t, en.reasons)).toBe(
      'The sign-up form says this address is already in use.',
    );
    expect(howDecided(result('a', 'not_found', { method: 'login' }), t, en.reasons)).toBe(
      'The sign-in page says no account uses this address.',
    );
    expect(howDecided(result('a', 'found', { method: 'recovery' }), t, en.reasons)).toBe(
      'The password-reset page knows this address.',
    );
    expect(howDecided(result('a', 'found', { method: 'api' }), t, en.reasons)).toContain('public API lists an account');
    expect(howDecided(result('a', 'not_found', { method: 'profile' }), t, en.reasons)).toContain('no public profile');
    // A method a newer server may add still reads as an answer, not as a blank.
    expect(howDecided(result('a', 'found', { method: 'sms' }), t, en.reasons)).toBe(t.decided.other.found);
    expect(howDecided(result('a', 'found', { method: 'register' }), emailAnswersTr, tr.reasons)).toBe(
      'Kayıt formu bu adresin zaten kullanıldığını söylüyor.',
    );
  });

  it('names the reason a site could not be checked or was not run', () => {
    const t = emailAnswersEn;
    expect(reasonSentence('unexpected_response', t, en.reasons)).toContain('neither');
    expect(reasonSentence('missing_key', t, en.reasons)).toContain('API key');
    expect(reasonSentence('disabled', t, en.reasons)).toContain('notify the address’s owner');
    expect(reasonSentence('blocked', t, en.reasons)).toBe(en.reasons.blocked.long);
    expect(reasonSentence('brand_new', t, en.reasons)).toBe('Reason: brand_new.');
  });
});

describe('email results, grouped', () => {
  it('groups by verdict, sorted by name, with breaches apart from accounts', () => {
    const groups = groupResults(RESULTS);
    expect(groups.found.map((r) => r.check_id)).toEqual(['duolingo', 'github', 'gravatar']);
    expect(groups.notFound.map((r) => r.check_id)).toEqual(['amazon', 'spotify']);
    expect(groups.unknown.map((r) => r.check_id)).toEqual(['nike', 'xcom']);
    expect(groups.skipped.map((r) => r.check_id)).toEqual(['samsung']);
  });

  it('reads breach records, and says when the breach check is off, empty or failed', () => {
    expect(parseBreach('Adobe · 2013-10-04 · Email addresses, Passwords')).toEqual({
      name: 'Adobe',
      date: '2013-10-04',
      classes: 'Email addresses, Passwords',
    });
    expect(parseBreach('Odd')).toEqual({ name: 'Odd' });
    expect(breachState(RESULTS)).toMatchObject({ kind: 'found', breaches: [{ name: 'Adobe' }, { name: 'Canva' }] });
    expect(breachState([result('hibp', 'invalid', { reason: 'missing_key' })])).toEqual({ kind: 'off' });
    expect(breachState([result('hibp', 'not_found')])).toEqual({ kind: 'none' });
    expect(breachState([result('hibp', 'unknown', { reason: 'timeout' })])).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    expect(breachState([])).toEqual({ kind: 'absent' });
  });

  it('turns linked accounts and addresses into links, and nothing else', () => {
    expect(detailValue('Mastodon: https://m.example/@a, https://b.example')).toEqual({
      kind: 'links',
      links: [
        { label: 'Mastodon', url: 'https://m.example/@a' },
        { label: 'b.example', url: 'https://b.example' },
      ],
    });
    expect(detailValue('Lisbon, Portugal')).toEqual({ kind: 'text', text: 'Lisbon, Portugal' });
    expect(detailValue('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    // The profile link is shown once, as the account's link.
    expect(visibleDetails(RESULTS[1]!).map(([label]) => label)).toEqual([
      'Display name',
      'Verified accounts',
      'Joined',
    ]);
  });
});

describe('<EmailResults>', () => {
  it('shows the counts, breaches, each account with its evidence, folded groups and the pivots', () => {
    renderWithApp(<EmailResults email={EMAIL} results={RESULTS} />);
    const count = (key: string) => document.querySelector(`[data-count="${key}"]`)?.textContent;
    // hibp is asked too: 8 sites answered or failed; 1 check (loud) not run.
    expect([count('asked'), count('found'), count('notFound'), count('unknown')]).toEqual(['8', '4', '2', '2']);
    expect(screen.getByText('1 check was not run (listed below).')).toBeTruthy();

    const breaches = screen.getByTestId('breaches');
    expect(within(breaches).getByText('Breaches (2)')).toBeTruthy();
    expect(within(breaches).getByText('Adobe')).toBeTruthy();
    // Dates as people read them, not ISO.
    expect(within(breaches).getByText(/Breached 4 Oct 2013/)).toBeTruthy();
    expect(within(breaches).getByText('Email addresses, Passwords')).toBeTruthy();

    const accounts = screen.getByRole('list', { name: `Accounts for ${EMAIL}` });
    const items = within(accounts).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-site'))).toEqual(['duolingo', 'github', 'gravatar']);
    const github = items[1]!;
    expect(within(github).getByText('The sign-up form says this address is already in use.')).toBeTruthy();
    expect(github.querySelector('img')?.getAttribute('src')).toBe('/api/favicon/github.example');
    // No page per address: the toggle says it shows the evidence (spec 001 §2's "Show links" is for links).
    expect(within(github).queryByText(emailAnswersEn.noPage)).toBeNull();
    expect(within(github).queryByRole('button', { name: 'Show links' })).toBeNull();
    fireEvent.click(within(github).getByRole('button', { name: 'Show evidence' }));
    expect(within(github).getByText(emailAnswersEn.noPage)).toBeTruthy();
    expect(within(github).getByText('status 422 and body contains "already associated"')).toBeTruthy();
    expect(within(github).getByText('422')).toBeTruthy();
    expect(within(github).getByRole('button', { name: 'Hide evidence' })).toBeTruthy();

    const gravatar = items[2]!;
    fireEvent.click(within(gravatar).getByRole('button', { name: 'Show links' }));
    expect(within(gravatar).getByRole('link', { name: 'Open profile' }).getAttribute('href')).toBe(
      'https://gravatar.com/abc',
    );
    expect(within(gravatar).getByText('Ivy Stone')).toBeTruthy();
    expect(within(gravatar).getByText('1 Mar 2015').getAttribute('datetime')).toBe('2015-03-01');
    expect(within(gravatar).getByRole('link', { name: 'Mastodon' }).getAttribute('href')).toBe(
      'https://mastodon.example/@ivy',
    );
    expect(within(items[0]!).getByRole('link', { name: 'ivy_s' }).getAttribute('href')).toBe(
      '/username-search?q=ivy_s',
    );

    // Folded until asked: not registered, could not check (with the reason), not run.
    expect(screen.queryByText('Spotify')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not registered (2)' }));
    expect(screen.getByText('The sign-in page says no account uses this address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Could not check (2)' }));
    expect(screen.getByText(en.reasons.blocked.long)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not run (1)' }));
    expect(screen.getByText(emailAnswersEn.reasons.disabled)).toBeTruthy();

    const pivots = screen.getByRole('region', { name: 'Search as a username' });
    expect(within(pivots).getByRole('link', { name: 'Search “ivy.stone”' }).getAttribute('href')).toBe(
      '/username-search?q=ivy.stone',
    );
    expect(within(pivots).getByRole('link', { name: 'Search all 2' }).getAttribute('href')).toBe(
      `/username-search?q=${encodeURIComponent('ivy.stone,ivy_s')}`,
    );
    // The spec's "old record" line is not shown for a current record.
    expect(screen.queryByText(en.email.modal.noLinks)).toBeNull();
  });

  it('offers no search again for names its leads already searched, and says so', () => {
    renderWithApp(<EmailResults email={EMAIL} results={RESULTS} searched={new Set(['ivy.stone', 'ivy_s'])} />);
    expect(screen.queryByRole('region', { name: 'Search as a username' })).toBeNull();
    expect(screen.getByText('Already searched as leads (see Leads below): ivy.stone, ivy_s.')).toBeTruthy();
  });

  it('says "old record" only for an old record, and speaks Turkish', () => {
    renderWithApp(<EmailResults email={EMAIL} results={RESULTS} old />, { language: 'tr' });
    for (const button of screen.getAllByRole('button', { name: emailAnswersTr.showEvidence })) fireEvent.click(button);
    expect(screen.getAllByText(tr.email.modal.noLinks).length).toBe(2); // Duolingo and GitHub have no page
    expect(screen.getByText('Kayıt formu bu adresin zaten kullanıldığını söylüyor.')).toBeTruthy();
    expect(screen.getByText('Veri ihlalleri (2)')).toBeTruthy();
    expect(screen.getByText(emailAnswersTr.counts.notFound)).toBeTruthy();
  });

  it('says when breaches are not checked, and "No results found." with no account', () => {
    renderWithApp(
      <EmailResults
        email={EMAIL}
        results={[result('hibp', 'invalid', { reason: 'missing_key' }), result('spotify', 'not_found')]}
      />,
    );
    expect(screen.getByTestId('breaches').textContent).toBe(emailAnswersEn.breachesOff);
    expect(screen.getByText('No results found.')).toBeTruthy();
  });
});
