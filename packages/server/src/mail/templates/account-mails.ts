/**
 * The account mails, in the user's language. The code is in the body only, never in the subject (subjects
 * show on lock screens and in logs of mail relays).
 */
import type { MailMessage } from '../mailer.ts';
import { composeMail, fill, type MailContent } from './layout.ts';

export type MailLanguage = 'en' | 'tr';

export interface MailContext {
  brand: string;
  publicUrl: string;
  language: MailLanguage;
}

const FOOTER = {
  en: "You received this because someone entered this address on {brand}. If it wasn't you, ignore this message: nothing happens without the code.",
  tr: 'Bu iletiyi, biri bu adresi {brand} üzerinde girdiği için aldınız. Siz değilseniz bu iletiyi yok sayın: kod olmadan hiçbir şey olmaz.',
};

const TEXT = {
  en: {
    loginSubject: 'Your {brand} sign-in code',
    loginIntro: 'Use this code to sign in to {brand}. It works for 10 minutes, once.',
    registerSubject: 'Confirm your {brand} account',
    registerIntro:
      'Hello {name}, use this code to finish creating your {brand} account. It works for 10 minutes, once.',
    noAccountSubject: 'Signing in to {brand}',
    noAccount: 'Someone tried to sign in to {brand} with this address, but there is no account for it.',
    noAccountLink: 'Create an account',
    existsSubject: 'You already have a {brand} account',
    exists: 'Someone tried to create a {brand} account with this address, but you already have one. Sign in instead.',
    existsLink: 'Sign in',
    ignore: "If this wasn't you, you can ignore this message.",
    changeSubject: 'Confirm your new {brand} address',
    changeIntro: 'Use this code to move your {brand} account to this address. It works for 10 minutes, once.',
    takenSubject: 'Moving a {brand} account to this address',
    taken:
      'Someone asked to move a {brand} account to this address, but the address already has an account of its own. Nothing was changed.',
    takenLink: 'Sign in',
    changedSubject: 'Your {brand} address was changed',
    changed: 'The address of your {brand} account was changed to {address}. Codes, receipts and reports now go there.',
    changedWarn:
      'If you did not do this, contact us at once: someone may be using your account. This address can no longer sign in.',
  },
  tr: {
    loginSubject: '{brand} giriş kodunuz',
    loginIntro: "{brand}'a giriş yapmak için bu kodu kullanın. Kod 10 dakika boyunca, bir kez geçerlidir.",
    registerSubject: '{brand} hesabınızı onaylayın',
    registerIntro:
      'Merhaba {name}, {brand} hesabınızı oluşturmayı bitirmek için bu kodu kullanın. Kod 10 dakika boyunca, bir kez geçerlidir.',
    noAccountSubject: "{brand}'a giriş",
    noAccount: "Biri bu adresle {brand}'a giriş yapmayı denedi, ancak bu adrese ait bir hesap yok.",
    noAccountLink: 'Hesap oluştur',
    existsSubject: 'Zaten bir {brand} hesabınız var',
    exists:
      'Biri bu adresle bir {brand} hesabı oluşturmayı denedi, ancak zaten bir hesabınız var. Bunun yerine giriş yapın.',
    existsLink: 'Giriş yap',
    ignore: 'Bu siz değilseniz bu iletiyi yok sayabilirsiniz.',
    changeSubject: 'Yeni {brand} adresinizi onaylayın',
    changeIntro:
      '{brand} hesabınızı bu adrese taşımak için bu kodu kullanın. Kod 10 dakika boyunca, bir kez geçerlidir.',
    takenSubject: 'Bir {brand} hesabını bu adrese taşıma',
    taken:
      'Biri bir {brand} hesabını bu adrese taşımak istedi, ancak bu adresin zaten kendi hesabı var. Hiçbir şey değiştirilmedi.',
    takenLink: 'Giriş yap',
    changedSubject: '{brand} adresiniz değiştirildi',
    changed:
      '{brand} hesabınızın adresi {address} olarak değiştirildi. Kodlar, makbuzlar ve raporlar artık oraya gönderiliyor.',
    changedWarn:
      'Bunu siz yapmadıysanız hemen bizimle iletişime geçin: hesabınızı başka biri kullanıyor olabilir. Bu adresle artık giriş yapılamaz.',
  },
};

function compose(to: string, context: MailContext, content: MailContent): MailMessage {
  return composeMail(
    to,
    context.brand,
    context.language,
    content,
    fill(FOOTER[context.language], { brand: context.brand }),
  );
}

type CodeKind = 'login' | 'register' | 'change';

/** A mail whose point is a code: intro, the code, "ignore if not you". */
function codeMail(
  to: string,
  context: MailContext,
  kind: CodeKind,
  code: string,
  summary: string,
  values: Record<string, string> = {},
) {
  const t = TEXT[context.language];
  const v = { brand: context.brand, ...values };
  return compose(to, context, {
    subject: fill(t[`${kind}Subject`], v),
    blocks: [
      { kind: 'text', text: fill(t[`${kind}Intro`], v) },
      { kind: 'code', code },
      { kind: 'text', text: t.ignore },
    ],
    summary,
  });
}

type NoticeKind = 'noAccount' | 'exists' | 'taken';

/** A mail sent instead of a code (no account / already registered / taken): why, where to go, "ignore if not you". */
function noticeMail(to: string, context: MailContext, kind: NoticeKind, path: string, summary: string) {
  const t = TEXT[context.language];
  const v = { brand: context.brand };
  return compose(to, context, {
    subject: fill(t[`${kind}Subject`], v),
    blocks: [
      { kind: 'text', text: fill(t[kind], v) },
      { kind: 'link', label: t[`${kind}Link`], url: `${context.publicUrl}${path}` },
      { kind: 'text', text: t.ignore },
    ],
    summary,
  });
}

export function loginCodeMail(to: string, code: string, context: MailContext): MailMessage {
  return codeMail(to, context, 'login', code, `sign-in code ${code}`);
}

/** A name as one short plain line (names are validated at input; this holds for rows written before). */
function plainName(name: string): string {
  return name
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50);
}

export function registerCodeMail(to: string, code: string, firstName: string, context: MailContext): MailMessage {
  return codeMail(to, context, 'register', code, `registration code ${code}`, { name: plainName(firstName) });
}

/** Login asked for an address without an account: no code, a pointer to registration. */
export function noAccountMail(to: string, context: MailContext): MailMessage {
  return noticeMail(to, context, 'noAccount', '/register', 'no account for this address (no code sent)');
}

/** Registration asked for an address that already has an account: no code, a pointer to sign-in. */
export function alreadyRegisteredMail(to: string, context: MailContext): MailMessage {
  return noticeMail(to, context, 'exists', '/login', 'address already has an account (no code sent)');
}

/** The code that moves an account to this (new) address (issue 38 item 5d). */
export function changeEmailCodeMail(to: string, code: string, context: MailContext): MailMessage {
  return codeMail(to, context, 'change', code, `address change code ${code}`);
}

/** An account asked to move to an address that has an account of its own: no code, nothing changes. */
export function addressTakenMail(to: string, context: MailContext): MailMessage {
  return noticeMail(to, context, 'taken', '/login', 'address change to an address with an account (no code sent)');
}

/** To the old address once the account moved: where it went (masked) and what to do if it was not them. */
export function emailChangedMail(to: string, newAddress: string, context: MailContext): MailMessage {
  const t = TEXT[context.language];
  const v = { brand: context.brand, address: newAddress };
  return compose(to, context, {
    subject: fill(t.changedSubject, v),
    blocks: [
      { kind: 'text', text: fill(t.changed, v) },
      { kind: 'text', text: t.changedWarn },
    ],
    summary: 'account address changed',
  });
}
