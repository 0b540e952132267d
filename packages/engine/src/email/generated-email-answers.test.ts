/**
 * Issue 37 item 5 (decision 132): hostile answers generated from every shipped email check (markers hidden
 * in scripts, comments, styles and attributes; generic validation text; other brands' pages; 404 and error
 * JSON; JSON where a page is expected and back; empty or placeholder ids), with and without the address
 * echoed. No rule of any check may read one as "registered" or "not registered", while the checks' own
 * answers keep their verdicts. First each answer through the judge, then a sample of every family through
 * the testkit's fake sites and a whole engine (its never-registered control answered honestly, so it
 * cannot hide a rule that misreads).
 */
import { readFileSync } from 'node:fs';
import {
  type EmailCheckEntry,
  type GeneratedEmailAnswer,
  type GeneratedFamily,
  generateEmailAnswers,
  type Internet,
  serveEmailChecks,
  startInternet,
} from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type HoundEngine } from '../engine.ts';
import { judgeEmail } from './judge-email.ts';
import { BUNDLED_EMAIL_CATALOGUE, parseEmailCatalogue } from './load-email-catalogue.ts';

const raw = JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: EmailCheckEntry[] };
const checks = parseEmailCatalogue(raw, 'shipped');
const ADDRESS = 'target.person@example.com';
const generated = new Map(raw.checks.map((c) => [c.id, generateEmailAnswers(c, ADDRESS)]));

const FAMILIES: GeneratedFamily[] = [
  'hidden_marker',
  'generic_message',
  'other_brand',
  'error_json',
  'wrong_media',
  'placeholder_id',
];

describe('generated hostile answers, through the judge', () => {
  it('gives every family for the catalogue, with and without the address echoed', () => {
    const all = [...generated.values()].flat();
    for (const family of FAMILIES) expect([family, all.some((a) => a.family === family)]).toEqual([family, true]);
    expect(all.filter((a) => a.echoed).length).toBe(all.length / 2);
    expect(all.length).toBeGreaterThan(checks.length * 50);
  });

  it('reads none of them as registered or not registered, for any shipped check', () => {
    const wrong: string[] = [];
    let total = 0;
    for (const check of checks)
      for (const answer of generated.get(check.id)!) {
        total++;
        const { verdict, rule } = judgeEmail(check, {
          status: answer.status,
          headers: answer.headers,
          body: answer.body,
          finalUrl: check.requests[0]!.url,
          redirects: 0,
          truncated: false,
        });
        if (verdict === 'found' || verdict === 'not_found')
          wrong.push(
            `${check.id}: ${answer.family} ${answer.name}${answer.echoed ? ' (echoed)' : ''} → ${verdict} (${rule})`,
          );
      }
    expect(total).toBeGreaterThan(10_000);
    expect(wrong).toEqual([]);
  });
});

describe('generated hostile answers, served by the fake sites', () => {
  let internet: Internet;
  let engine: HoundEngine;
  const REGISTERED = 'known.person@example.com';
  let sites: ReturnType<typeof serveEmailChecks>;

  beforeAll(async () => {
    internet = await startInternet({ catalogues: [] });
    sites = serveEmailChecks(internet, raw.checks);
    sites.register(REGISTERED);
    sites.register(ADDRESS);
    engine = await createEngine({
      checks: [],
      connect: internet.connect,
      allowPrivateAddresses: true,
      timeoutMs: 20_000,
      retries: 0,
    });
  });
  afterAll(async () => {
    await engine?.close();
    await internet?.close();
  });

  async function search(email: string) {
    const results = new Map<string, { verdict: string; reason?: string; rule: string }>();
    for await (const { result } of engine.searchEmail(email, {
      loud: true,
      adult: true,
      keys: { HIBP_API_KEY: 'test-key' },
    }))
      results.set(result.checkId, { verdict: result.verdict, rule: result.evidence.rule });
    return results;
  }

  /** One of the family's answers per check, a different one from check to check. */
  function pickOf(family: GeneratedFamily, round: number) {
    return (checkId: string) => {
      const answers = generated.get(checkId)!.filter((a) => a.family === family);
      if (answers.length === 0) return null;
      const a: GeneratedEmailAnswer = answers[(checkId.length * 7 + round) % answers.length]!;
      return { status: a.status, headers: a.headers, body: a.body };
    };
  }

  it.each(FAMILIES)(
    'answers unknown to every check given a %s answer about the address (the address registered everywhere)',
    async (family) => {
      sites.answerWith(ADDRESS, pickOf(family, FAMILIES.indexOf(family)));
      try {
        const results = await search(ADDRESS);
        const hostile = [...results].filter(([id]) => pickOf(family, FAMILIES.indexOf(family))(id) !== null);
        expect(hostile.length).toBeGreaterThan(0);
        const decided = hostile.filter(([, r]) => r.verdict === 'found' || r.verdict === 'not_found');
        expect(decided.map(([id, r]) => `${id}: ${r.verdict} (${r.rule})`)).toEqual([]);
      } finally {
        sites.answerWith(ADDRESS, null);
      }
    },
    120_000,
  );

  it("keeps the site's own answers right: registered found, any other address not found", async () => {
    const found = await search(REGISTERED);
    expect(
      [...found].filter(([, r]) => r.verdict !== 'found').map(([id, r]) => `${id}: ${r.verdict} ${r.rule}`),
    ).toEqual([]);
  }, 120_000);
});
