/**
 * What a paying customer is told, in their language: a receipt per payment, "order received" for an
 * Email Plus period, the trial reminder and a failed renewal. The admins' "new paid order" is English.
 * Amounts and dates arrive as Stripe's facts (minor units, unix seconds) and are formatted here.
 */
import type { MailMessage } from '../mailer.ts';
import type { MailLanguage } from './account-mails.ts';
import { composeMail, fill, type MailBlock } from './layout.ts';

export interface BillingMailContext {
  brand: string;
  publicUrl: string;
  language: MailLanguage;
}

export type Product = 'plan' | 'trial' | 'plus';

const LOCALE: Record<MailLanguage, string> = { en: 'en-GB', tr: 'tr-TR' };

export function money(amount: number, currency: string, language: MailLanguage): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

export function day(unixSeconds: number, language: MailLanguage): string {
  return new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(unixSeconds * 1000),
  );
}

const TEXT = {
  en: {
    footer: 'You received this because you have an account on {brand}.',
    product: { plan: '{brand} Premium (monthly)', trial: '{brand} Premium trial', plus: 'Email Plus report (monthly)' },
    receiptSubject: 'Your {brand} receipt {number}',
    receiptIntro: 'Thank you for your payment. This is your receipt.',
    receiptLines: 'Paid: {amount}\nFor: {product}\nDate: {date}\nInvoice: {number}',
    receiptRenews: 'It renews on {date} unless you cancel before then.',
    receiptLink: 'View the invoice',
    orderSubject: 'We received your Email Plus order',
    orderIntro:
      'Your Email Plus report on {target} is ordered (order {order}). A person now prepares it from public sources; it is emailed to you by {due}.',
    orderRenews:
      'Your subscription renews on {date} with a fresh report on the same address. You can change the address or cancel before then in your dashboard.',
    orderLink: 'Open your dashboard',
    trialSubject: 'Your {brand} trial ends on {date}',
    trialIntro:
      'Your {brand} trial ends on {date}. Then your card is charged {amount} for the first month of Premium, and every month after that.',
    trialCancel: 'Not for you? Cancel before {date} under Billing → Manage Subscription and nothing more is charged.',
    trialLink: 'Manage your subscription',
    failedSubject: 'Your {brand} payment failed',
    failedIntro: 'We could not charge {amount} for {product}.',
    failedRetry:
      'We will try again on {date}. Please check or update your card under Billing → Manage Subscription before then.',
    failedLast: 'There are no more attempts: the subscription ends. You can subscribe again at any time from Billing.',
    failedLink: 'Update your card',
    packSubject: 'Your {brand} receipt: {credits} email-search credits',
    packIntro: 'Thank you for your payment. {credits} email-search credits are on your account.',
    packLines:
      'Paid: {amount}\nFor: {credits} email-search credits\nDate: {date}\nReference: {reference}\nYour balance now: {balance}',
    packNote: 'Bought credits do not expire. Your credit history is on your dashboard.',
    packLink: 'Open your dashboard',
  },
  tr: {
    footer: 'Bu iletiyi {brand} hesabınız olduğu için aldınız.',
    product: { plan: '{brand} Premium (aylık)', trial: '{brand} Premium deneme', plus: 'Email Plus raporu (aylık)' },
    receiptSubject: '{brand} makbuzunuz {number}',
    receiptIntro: 'Ödemeniz için teşekkür ederiz. Makbuzunuz aşağıdadır.',
    receiptLines: 'Ödenen: {amount}\nKonu: {product}\nTarih: {date}\nFatura: {number}',
    receiptRenews: 'Siz iptal etmedikçe {date} tarihinde yenilenir.',
    receiptLink: 'Faturayı görüntüle',
    orderSubject: 'Email Plus siparişinizi aldık',
    orderIntro:
      '{target} hakkındaki Email Plus raporunuz sipariş edildi (sipariş {order}). Bir kişi raporu açık kaynaklardan hazırlıyor; en geç {due} tarihinde size e-postayla gönderilir.',
    orderRenews:
      'Aboneliğiniz {date} tarihinde aynı adres için yeni bir raporla yenilenir. Bu tarihten önce adresi değiştirebilir veya panelinizden iptal edebilirsiniz.',
    orderLink: 'Panelinizi açın',
    trialSubject: '{brand} denemeniz {date} tarihinde bitiyor',
    trialIntro:
      '{brand} denemeniz {date} tarihinde bitiyor. Ardından kartınızdan Premium’un ilk ayı için {amount} ve sonraki her ay aynı tutar tahsil edilir.',
    trialCancel:
      'Size uygun değil mi? {date} tarihinden önce Faturalandırma → Aboneliği Yönet bölümünden iptal ederseniz başka ücret alınmaz.',
    trialLink: 'Aboneliğinizi yönetin',
    failedSubject: '{brand} ödemeniz alınamadı',
    failedIntro: '{product} için {amount} tahsil edilemedi.',
    failedRetry:
      '{date} tarihinde yeniden deneyeceğiz. Lütfen bu tarihten önce Faturalandırma → Aboneliği Yönet bölümünden kartınızı kontrol edin veya güncelleyin.',
    failedLast:
      'Başka deneme yapılmayacak: abonelik sona eriyor. Faturalandırma sayfasından istediğiniz zaman yeniden abone olabilirsiniz.',
    failedLink: 'Kartınızı güncelleyin',
    packSubject: '{brand} makbuzunuz: {credits} e-posta arama kredisi',
    packIntro: 'Ödemeniz için teşekkür ederiz. {credits} e-posta arama kredisi hesabınıza eklendi.',
    packLines:
      'Ödenen: {amount}\nKonu: {credits} e-posta arama kredisi\nTarih: {date}\nReferans: {reference}\nŞimdiki bakiyeniz: {balance}',
    packNote: 'Satın alınan kredilerin süresi dolmaz. Kredi geçmişiniz panelinizde.',
    packLink: 'Panelinizi açın',
  },
};

function compose(to: string, context: BillingMailContext, subject: string, blocks: MailBlock[], summary: string) {
  const footer = fill(TEXT[context.language].footer, { brand: context.brand });
  return composeMail(to, context.brand, context.language, { subject, blocks, summary }, footer) satisfies MailMessage;
}

export function productName(product: Product, context: BillingMailContext): string {
  return fill(TEXT[context.language].product[product], { brand: context.brand });
}

export function receiptMail(
  to: string,
  context: BillingMailContext,
  input: {
    number: string;
    amount: number;
    currency: string;
    paidAt: number;
    product: Product;
    renewsAt: number | null;
    url: string | null;
  },
): MailMessage {
  const t = TEXT[context.language];
  const lang = context.language;
  const v = {
    brand: context.brand,
    number: input.number,
    amount: money(input.amount, input.currency, lang),
    product: productName(input.product, context),
    date: day(input.paidAt, lang),
  };
  const blocks: MailBlock[] = [
    { kind: 'text', text: t.receiptIntro },
    { kind: 'text', text: fill(t.receiptLines, v) },
  ];
  if (input.renewsAt !== null)
    blocks.push({ kind: 'text', text: fill(t.receiptRenews, { date: day(input.renewsAt, lang) }) });
  if (input.url) blocks.push({ kind: 'link', label: t.receiptLink, url: input.url });
  return compose(to, context, fill(t.receiptSubject, v), blocks, `receipt ${input.number}`);
}

export function orderReceivedMail(
  to: string,
  context: BillingMailContext,
  input: { orderId: string; target: string; dueAt: Date; renewsAt: number | null },
): MailMessage {
  const t = TEXT[context.language];
  const lang = context.language;
  const blocks: MailBlock[] = [
    {
      kind: 'text',
      text: fill(t.orderIntro, {
        target: input.target,
        order: input.orderId,
        due: day(Math.floor(input.dueAt.getTime() / 1000), lang),
      }),
    },
  ];
  if (input.renewsAt !== null)
    blocks.push({ kind: 'text', text: fill(t.orderRenews, { date: day(input.renewsAt, lang) }) });
  blocks.push({ kind: 'link', label: t.orderLink, url: `${context.publicUrl}/dashboard` });
  return compose(to, context, t.orderSubject, blocks, `Email Plus order ${input.orderId} received`);
}

export function trialEndingMail(
  to: string,
  context: BillingMailContext,
  input: { amount: number; currency: string; endsAt: number },
): MailMessage {
  const t = TEXT[context.language];
  const v = {
    brand: context.brand,
    date: day(input.endsAt, context.language),
    amount: money(input.amount, input.currency, context.language),
  };
  return compose(
    to,
    context,
    fill(t.trialSubject, v),
    [
      { kind: 'text', text: fill(t.trialIntro, v) },
      { kind: 'text', text: fill(t.trialCancel, v) },
      { kind: 'link', label: t.trialLink, url: `${context.publicUrl}/dashboard/billing` },
    ],
    'trial ends soon',
  );
}

export function paymentFailedMail(
  to: string,
  context: BillingMailContext,
  input: { amount: number; currency: string; product: Product; nextAttempt: number | null },
): MailMessage {
  const t = TEXT[context.language];
  const lang = context.language;
  const v = {
    brand: context.brand,
    amount: money(input.amount, input.currency, lang),
    product: productName(input.product, context),
  };
  return compose(
    to,
    context,
    fill(t.failedSubject, v),
    [
      { kind: 'text', text: fill(t.failedIntro, v) },
      {
        kind: 'text',
        text: input.nextAttempt !== null ? fill(t.failedRetry, { date: day(input.nextAttempt, lang) }) : t.failedLast,
      },
      { kind: 'link', label: t.failedLink, url: `${context.publicUrl}/dashboard/billing` },
    ],
    'renewal payment failed',
  );
}

/** To each `ADMIN_EMAILS` address: a paid Email Plus order is waiting (in English, the admins' language). */
export function newOrderAdminMail(
  to: string,
  input: { brand: string; publicUrl: string; orderId: string; target: string; dueAt: Date; renewal: boolean },
): MailMessage {
  const subject = `New paid Email Plus order ${input.orderId}`;
  const content = {
    subject,
    blocks: [
      {
        kind: 'text',
        text: `A paid Email Plus order is waiting for review: a report on ${input.target}, due ${day(Math.floor(input.dueAt.getTime() / 1000), 'en')}${input.renewal ? ' (a renewal of a subscription)' : ''}.`,
      },
      { kind: 'link', label: 'Open the order queue', url: `${input.publicUrl}/admin` },
    ] satisfies MailBlock[],
    summary: `new Email Plus order ${input.orderId}`,
  };
  const footer = `Sent to the ${input.brand} admins (ADMIN_EMAILS).`;
  return composeMail(to, input.brand, 'en', content, footer);
}

/** The receipt of a credit pack (a one-off payment without a Stripe invoice): what was paid and added. */
export function packReceiptMail(
  to: string,
  context: BillingMailContext,
  input: { credits: number; amount: number; currency: string; paidAt: number; reference: string; balance: number },
): MailMessage {
  const t = TEXT[context.language];
  const lang = context.language;
  const v = {
    brand: context.brand,
    credits: String(input.credits),
    amount: money(input.amount, input.currency, lang),
    date: day(input.paidAt, lang),
    reference: input.reference,
    balance: String(input.balance),
  };
  const blocks: MailBlock[] = [
    { kind: 'text', text: fill(t.packIntro, v) },
    { kind: 'text', text: fill(t.packLines, v) },
    { kind: 'text', text: t.packNote },
    { kind: 'link', label: t.packLink, url: `${context.publicUrl}/dashboard` },
  ];
  return compose(to, context, fill(t.packSubject, v), blocks, 'credit pack receipt');
}
