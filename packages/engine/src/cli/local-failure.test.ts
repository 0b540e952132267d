import { describe, expect, it } from 'vitest';
import { localFailure } from './local-failure.ts';

const result = (verdict: string, reason?: string, rule = '') => ({ verdict, reason, evidence: { rule } });
const untrusted = () =>
  result('unknown', 'tls', 'sherlock: UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate');
const answered = (n: number) => Array.from({ length: n }, () => result('not_found'));
const many = (n: number, make: () => ReturnType<typeof result>) => Array.from({ length: n }, make);

describe('localFailure (issue 41 item 5)', () => {
  it('says nothing while any site answered, unless most failed TLS verification', () => {
    expect(
      localFailure([...answered(1), ...many(99, () => result('unknown', 'network', 'ECONNRESET'))], undefined),
    ).toBe(undefined);
    // A few broken certificates are the sites' own.
    expect(localFailure([...answered(95), ...many(5, untrusted)], undefined)).toBe(undefined);
    expect(localFailure([...answered(50), ...many(50, untrusted)], undefined)).toBe(undefined);
    expect(localFailure([...answered(30), ...many(70, untrusted)], 'http://127.0.0.1:8080')).toBe(
      '70 of 100 sites failed TLS verification (UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first ' +
        'certificate): the proxy at 127.0.0.1:8080 intercepts TLS; give its CA certificate with --ca FILE',
    );
    expect(localFailure(many(3, untrusted), undefined)).toMatch(
      /^all 3 sites failed TLS verification .*: something on this network intercepts TLS; give its CA/,
    );
  });

  it('names what every check failed on, and the proxy without its password', () => {
    const refused = many(4, () => result('unknown', 'network', 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.1:3128'));
    expect(localFailure(refused, 'socks5h://me:hunter2@10.0.0.1:3128')).toBe(
      'no site could be reached through the proxy at 10.0.0.1:3128 (ECONNREFUSED: connect ECONNREFUSED 10.0.0.1:3128); check --proxy',
    );
    expect(localFailure(refused, undefined)).toMatch(
      /^no site could be reached: the connection failed for all 4 sites/,
    );
    const dns = [result('unknown', 'dns', 'host does not resolve (ENOTFOUND)'), result('unknown', 'timeout')];
    expect(localFailure([...dns, dns[0] as ReturnType<typeof result>], undefined)).toBe(
      'no site could be reached: no host name resolved (host does not resolve (ENOTFOUND)); check the network connection and DNS',
    );
    expect(localFailure([result('unknown', 'timeout', 'no answer in 15 s')], 'http://p.example:1')).toBe(
      'no site answered: the only site asked timed out; check that the proxy at p.example:1 answers (--proxy), or allow more time (--timeout)',
    );
  });

  it('counts only checks that were sent: invalid, refused and cancelled ones do not decide', () => {
    const notSent = [
      result('invalid', 'disabled'),
      result('unknown', 'blocked_address'),
      result('unknown', 'cancelled'),
    ];
    expect(localFailure(notSent, undefined)).toBe(undefined);
    expect(localFailure([...notSent, result('unknown', 'tls', 'EPROTO: handshake')], undefined)).toMatch(
      /^no site could be reached: the only site asked failed TLS \(EPROTO: handshake\)$/,
    );
    // Answers the rules could not read are answers: the sites were reached.
    expect(
      localFailure(
        many(5, () => result('unknown', 'http_error')),
        undefined,
      ),
    ).toBe(undefined);
    expect(localFailure([], undefined)).toBe(undefined);
  });
});
