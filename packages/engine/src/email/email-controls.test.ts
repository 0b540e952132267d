/**
 * Decision 131: the never-registered controls of email checks are kept per check and domain for a bounded
 * time, shared by the searches that ask at once, and only decided answers are kept.
 */
import { describe, expect, it } from 'vitest';
import { type ControlAnswer, EmailControls } from './email-controls.ts';

const answer = (address: string, verdict: ControlAnswer['verdict']): ControlAnswer => ({ address, verdict, rule: 'r' });

describe('email controls', () => {
  it('asks a random address at the searched domain, once for concurrent searches, and keeps it for the TTL', async () => {
    let now = 0;
    const controls = new EmailControls(1000, () => now);
    const asked: string[] = [];
    const ask = async (address: string) => {
      asked.push(address);
      return answer(address, 'not_found');
    };
    const [a, b] = await Promise.all([controls.answer('x', 'mail.test', ask), controls.answer('x', 'mail.test', ask)]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^[a-z][a-z0-9]{13}@mail\.test$/);
    expect(a).toBe(b);
    now = 999;
    await controls.answer('x', 'mail.test', ask);
    await controls.answer('y', 'mail.test', ask);
    await controls.answer('x', 'other.test', ask);
    expect(asked).toHaveLength(3);
    now = 1000;
    await controls.answer('x', 'mail.test', ask);
    expect(asked).toHaveLength(4);
    expect(new Set(asked).size).toBe(4);
  });

  it('asks again after an undecided control (an error, a challenge) or a failure', async () => {
    const controls = new EmailControls();
    let calls = 0;
    const undecided = async (address: string) => {
      calls++;
      return answer(address, 'unknown');
    };
    await controls.answer('x', 'mail.test', undecided);
    await controls.answer('x', 'mail.test', undecided);
    expect(calls).toBe(2);
    await expect(controls.answer('z', 'mail.test', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await controls.answer('z', 'mail.test', async (a) => answer(a, 'found'))).verdict).toBe('found');
  });
});
