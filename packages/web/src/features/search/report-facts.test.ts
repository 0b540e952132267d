import type { PlatformResult, ProfileFact } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { tr } from '../../i18n/tr.ts';
import { entry } from '../../test/fixtures.ts';
import { resultFacts, toHtmlReport } from './report.ts';

const withFacts = (e: ReturnType<typeof entry>, facts: unknown) => ({
  ...e,
  result: { ...e.result, facts } as PlatformResult,
});
const fact = (kind: ProfileFact['kind'], value: string, source: string): ProfileFact => ({
  kind,
  value,
  source,
  via: 'opengraph',
});

const report = (entries: ReturnType<typeof entry>[], m = en) =>
  toHtmlReport({
    brand: 'Hound',
    username: 'alice',
    searchId: 's1',
    entries,
    exportedAt: new Date(2026, 10, 26),
    link: null,
    scope: 'All results.',
    locale: m === en ? 'en-GB' : 'tr-TR',
    m,
  });

describe('HTML report: facts per profile (issue 29)', () => {
  it('lists each found profile’s facts with their source pages', () => {
    const github = withFacts(entry('GitHub'), [
      fact('display_name', 'Alice <b>Example</b>', 'https://github.example/alice'),
      fact('website', 'https://alice.dev', 'https://github.example/alice'),
    ]);
    const html = report([github, entry('Reddit')]);
    const section = html.slice(html.indexOf('<section class="facts">'), html.indexOf('</section>'));
    expect(section).toContain('<h2>Facts</h2>');
    expect(section).toContain('<h3>GitHub <a href="https://github.example/alice"');
    expect(section).toContain('<dt>Name</dt><dd>Alice &lt;b&gt;Example&lt;/b&gt;');
    expect(section).toContain('<dt>Website</dt><dd>https://alice.dev');
    expect(section).toContain('<a href="https://github.example/alice" rel="noopener noreferrer nofollow">source</a>');
    // Reddit carries no facts: no heading for it.
    expect(section).not.toContain('Reddit');
    expect(report([github], tr)).toContain('<h2>Bilgiler</h2>');
  });

  it('shows no facts of a page not judged found, nor anything that is not a fact list', () => {
    const unknown = withFacts(entry('Steam', { verdict: 'unknown', reason: 'timeout' }), [
      fact('bio', 'from a block page', 'https://steam.example/alice'),
    ]);
    const broken = withFacts(entry('Odd'), [{ kind: 'bio' }, 'text', null, fact('bio', 'kept', 'javascript:x')]);
    const html = report([unknown, broken, entry('Plain')]);
    expect(html).not.toContain('from a block page');
    expect(html).toContain('<dt>Bio</dt><dd>kept</dd>');
    // A source that is not a web page is not linked.
    expect(html).not.toContain('javascript:x');
    expect(resultFacts({})).toEqual([]);
    expect(resultFacts({ facts: 'x' })).toEqual([]);
    // Results without facts (every result before issue 29): no section at all.
    expect(report([entry('Plain')])).not.toContain('class="facts"');
  });
});
