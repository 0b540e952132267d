import { describe, expect, it } from 'vitest';
import { exactStatus, isSuccess, type SiteEntry, statusRule } from './entry.ts';
import { SHERLOCK_WAF } from './fingerprints.ts';
import { planRoute } from './plan.ts';

function entry(name: string, overrides: Partial<SiteEntry>): SiteEntry {
  return {
    format: 'sherlock',
    name,
    method: 'GET',
    url: 'https://a.test/{username}',
    headers: {},
    claimed: [],
    followsRedirects: false,
    exists: { status: statusRule('any', [200], () => true), includeOneOf: [], exclude: [] },
    missing: { status: statusRule('any', [200], () => true), includeOneOf: [], exclude: [] },
    ...overrides,
  };
}

describe('response plans', () => {
  it('puts required strings in, keeps forbidden strings and WAF fingerprints out', () => {
    const plan = planRoute([
      entry('A', {
        exists: { status: exactStatus(200), includeOneOf: [['Member since']], exclude: ['Not found'] },
        missing: { status: exactStatus(404), includeOneOf: [['Not found']], exclude: ['Member since'] },
      }),
    ]);
    expect(plan.conflict).toBeUndefined();
    expect(plan.exists.status).toBe(200);
    expect(plan.exists.body).toContain('Member since');
    expect(plan.missing).toMatchObject({ status: 404 });
    expect(plan.missing.body).toContain('Not found');
    expect(plan.exists.exclude).toContain(SHERLOCK_WAF.aws);
  });

  it('falls back to bare text when the HTML skeleton itself is forbidden', () => {
    const plan = planRoute([
      entry('A', { missing: { status: exactStatus(200), includeOneOf: [], exclude: ['<html', 'body'] } }),
    ]);
    expect(plan.missing.body).not.toMatch(/<html|body/);
  });

  it('combines entries: a status every rule accepts', () => {
    const plan = planRoute([
      entry('Sherlock', {
        missing: { status: statusRule('non-2xx', [404], (s) => !isSuccess(s)), includeOneOf: [], exclude: [] },
      }),
      entry('WMN', { missing: { status: exactStatus(410), includeOneOf: [['gone']], exclude: [] } }),
    ]);
    expect(plan.conflict).toBeUndefined();
    expect(plan.missing.status).toBe(410);
    expect(plan.missing.body).toContain('gone');
  });

  it('serves redirect followers a final page behind the redirect the others need', () => {
    const plan = planRoute([
      entry('WMN', { missing: { status: exactStatus(302), includeOneOf: [], exclude: [], location: '/' } }),
      entry('Maigret', {
        followsRedirects: true,
        missing: { status: statusRule('any', [200], () => true), includeOneOf: [['No such member']], exclude: [] },
      }),
    ]);
    expect(plan.conflict).toBeUndefined();
    expect(plan.missing.status).toBe(302);
    expect(plan.missing.final?.status).toBe(200);
    expect(plan.missing.final?.body).toContain('No such member');
  });

  it('records a conflict and follows the first entry when the rules cannot all hold', () => {
    const plan = planRoute([
      entry('First', { missing: { status: exactStatus(404), includeOneOf: [], exclude: [] } }),
      entry('Second', { missing: { status: exactStatus(200), includeOneOf: [], exclude: [] } }),
    ]);
    expect(plan.conflict).toContain('no "missing" status satisfies');
    expect(plan.firstHolds).toBe(true);
    expect(plan.missing.status).toBe(404);
  });

  it('a presence string that contains a forbidden one is unusable', () => {
    const plan = planRoute([
      entry('A', {
        exists: { status: exactStatus(200), includeOneOf: [['user not found here']], exclude: ['not found'] },
      }),
    ]);
    expect(plan.conflict).toContain('every "exists" string contains one that must be absent');
    expect(plan.firstHolds).toBe(false);
  });
});
