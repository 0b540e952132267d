import { describe, expect, it } from 'vitest';
import { webhookDisabledMail } from './api-mails.ts';

describe('the webhook-disabled mail', () => {
  const endpoint = { url: 'https://hooks.example.org/hound', reason: 'failing' as const };

  it('names the endpoint, why it is off and how to turn it on, in English', () => {
    const mail = webhookDisabledMail(
      'ann@example.org',
      { brand: 'Hound', publicUrl: 'https://h.test', language: 'en' },
      endpoint,
    );
    expect(mail.subject).toBe('Your Hound webhook endpoint was turned off');
    expect(mail.text).toContain('https://hooks.example.org/hound did not accept events for 24 hours');
    expect(mail.text).toContain('https://h.test/dashboard/api');
    expect(mail.html).toContain('lang="en"');
  });

  it('in Turkish, with the 410 reason', () => {
    const mail = webhookDisabledMail(
      'ann@example.org',
      { brand: 'Hound', publicUrl: 'https://h.test', language: 'tr' },
      { ...endpoint, reason: 'gone' },
    );
    expect(mail.subject).toBe('Hound webhook uç noktanız kapatıldı');
    expect(mail.text).toContain('https://hooks.example.org/hound webhook uç noktanız 410 Gone yanıtı verdi');
    expect(mail.html).toContain('lang="tr"');
  });
});
