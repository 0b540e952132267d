/** "The API is open", mailed once to each address on the API waitlist when an admin says so (decision 144). */
import type { MailMessage } from '../mailer.ts';
import type { MailLanguage } from './account-mails.ts';
import { composeMail, fill } from './layout.ts';

const TEXT = {
  en: {
    subject: 'The {brand} API is open',
    intro:
      'You asked to hear when the {brand} API opens: it is open now. Create a key in your dashboard and run username and email searches from your own scripts, with signed webhooks when they finish.',
    pricing:
      'Username searches cost no credits; an email search costs one. The API page shows the limits of each plan and examples in curl, JavaScript and Python.',
    link: 'Open the API page',
    footer:
      'You received this once because you joined the {brand} API waitlist. You will not get another mail about it.',
  },
  tr: {
    subject: '{brand} API’si açıldı',
    intro:
      '{brand} API’si açıldığında haber almak istemiştiniz: artık açık. Panelinizden bir anahtar oluşturun; kullanıcı adı ve e-posta aramalarını kendi betiklerinizden çalıştırın, bittiklerinde imzalı webhook’lar alın.',
    pricing:
      'Kullanıcı adı aramaları kredi harcamaz; bir e-posta araması bir kredi harcar. API sayfası her planın sınırlarını ve curl, JavaScript ve Python örneklerini gösterir.',
    link: 'API sayfasını açın',
    footer:
      'Bu iletiyi {brand} API bekleme listesine katıldığınız için bir kez aldınız. Bu konuda başka ileti almayacaksınız.',
  },
} as const;

export function apiOpenMail(
  to: string,
  context: { brand: string; publicUrl: string; language: MailLanguage },
): MailMessage {
  const t = TEXT[context.language];
  const v = { brand: context.brand };
  const content = {
    subject: fill(t.subject, v),
    blocks: [
      { kind: 'text' as const, text: fill(t.intro, v) },
      { kind: 'text' as const, text: t.pricing },
      { kind: 'link' as const, label: t.link, url: `${context.publicUrl}/api-access` },
    ],
    summary: 'API open (waitlist)',
  };
  return composeMail(to, context.brand, context.language, content, fill(t.footer, v));
}

const DISABLED = {
  en: {
    subject: 'Your {brand} webhook endpoint was turned off',
    gone: 'Your webhook endpoint {url} answered 410 Gone, so {brand} stopped sending events to it.',
    failing: 'Your webhook endpoint {url} did not accept events for 24 hours, so {brand} stopped sending events to it.',
    fix: 'Once it works again, send it a test event from your dashboard: a passing test turns it back on, and you can redeliver what it missed.',
    link: 'Open your webhooks',
    footer: 'You received this because you added this endpoint to your {brand} account.',
  },
  tr: {
    subject: '{brand} webhook uç noktanız kapatıldı',
    gone: '{url} webhook uç noktanız 410 Gone yanıtı verdi; {brand} ona olay göndermeyi durdurdu.',
    failing: '{url} webhook uç noktanız 24 saat boyunca olayları kabul etmedi; {brand} ona olay göndermeyi durdurdu.',
    fix: 'Yeniden çalıştığında panelinizden bir test olayı gönderin: başarılı bir test onu yeniden açar ve kaçırdıklarını yeniden gönderebilirsiniz.',
    link: "Webhook'larınızı açın",
    footer: 'Bu iletiyi, bu uç noktayı {brand} hesabınıza eklediğiniz için aldınız.',
  },
} as const;

/** To an endpoint's owner when the sender turned it off (410, or failing for the whole retry window). */
export function webhookDisabledMail(
  to: string,
  context: { brand: string; publicUrl: string; language: MailLanguage },
  endpoint: { url: string; reason: 'gone' | 'failing' },
): MailMessage {
  const t = DISABLED[context.language];
  const v = { brand: context.brand, url: endpoint.url };
  const content = {
    subject: fill(t.subject, v),
    blocks: [
      { kind: 'text' as const, text: fill(t[endpoint.reason], v) },
      { kind: 'text' as const, text: t.fix },
      { kind: 'link' as const, label: t.link, url: `${context.publicUrl}/dashboard/api` },
    ],
    summary: `webhook endpoint disabled (${endpoint.reason})`,
  };
  return composeMail(to, context.brand, context.language, content, fill(t.footer, v));
}
