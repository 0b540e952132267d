/** The engine reads an address by the contracts' one rule: what the server accepts, the engine searches. */
import { emailProblem, emailSearchProblem } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { EmailInputError, normaliseEmail } from './address.ts';

const PLAIN = [
  'me@example.com',
  ' Me.Too+tag@Sub.Example.co.uk ',
  'a_b-c@x-y.io',
  'x@xn--bcher-kva.example',
  `${'a'.repeat(30)}@${'b'.repeat(30)}.com`,
];

const NOT_PLAIN = [
  'alias1<me@example.com>',
  'a,b@example.com',
  'a;b@example.com',
  '"me"@example.com',
  'me @example.com',
  'me(comment)@example.com',
  'me@example.com>',
  'a%b@example.com',
  'a!b@example.com',
  'me@exa_mple.com',
  'me@-example.com',
  'me@example',
  'me@1.2.3.4',
  'me@[127.0.0.1]',
  '.me@example.com',
  'me.@example.com',
  'm..e@example.com',
  'me@example..com',
  'me@@example.com',
  'me\u0000@example.com',
  'me\n@example.com',
  'mé@example.com',
  `${'a'.repeat(65)}@example.com`,
  `me@${'b'.repeat(64)}.com`,
];

describe('email address rule', () => {
  it('accepts a plain local@domain in the engine and in every contracts check', () => {
    for (const address of PLAIN) {
      expect(normaliseEmail(address), address).toBe(address.trim().toLowerCase());
      expect(emailSearchProblem(address), address).toBeNull();
      expect(emailProblem(address), address).toBeNull();
    }
  });

  it('rejects display names, lists, quotes, routes and malformed hosts in the engine and the contracts alike', () => {
    for (const address of NOT_PLAIN) {
      expect(() => normaliseEmail(address), JSON.stringify(address)).toThrow(EmailInputError);
      expect(emailSearchProblem(address), JSON.stringify(address)).not.toBeNull();
      expect(emailProblem(address), JSON.stringify(address)).not.toBeNull();
    }
  });
});
