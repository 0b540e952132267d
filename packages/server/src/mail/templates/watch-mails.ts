/**
 * Watch mails (issue 39, decision 141), in the owner's language: an alert at once for a new account or a new
 * breach, and the daily digest of everything else. They carry the site, the profile address, how it was
 * decided, the first-seen time and links — never page content or breach data beyond the breach's name.
 * Each carries the one-click links to stop mailing about the watch or pause it.
 */
import type { WatchEventDraft } from '@hound/engine';
import type { WatchRow } from '../../db/schema/index.ts';
import type { WatchLinks } from '../../features/watches/mail-links.ts';
import type { MailMessage } from '../mailer.ts';
import type { MailLanguage } from './account-mails.ts';
import { composeMail, fillText, type MailBlock } from './layout.ts';

const LOCALE: Record<MailLanguage, string> = { en: 'en-GB', tr: 'tr-TR' };

const TEXT = {
  en: {
    footer: 'You receive this because you watch {target} on {brand}.',
    alertSubject: '{target}: {what}',
    alertWhatAccount: 'a new account on {site}',
    alertWhatAccounts: '{count} new accounts',
    alertWhatBreach: 'a new breach',
    alertIntro: 'Your watch of {target} noticed something new.',
    appeared:
      '{site}: a new account — {url}\nHow we decided: {rule}; checked again with a never-registered name, which {site} did not find.\nFirst seen: {first}',
    newBreach: 'New breach: {breach} (only its name is kept; see Have I Been Pwned for details).',
    disappeared: '{site}: the account is gone — not found on two runs in a row (first on {since}).',
    unwatchable: "{site}: can't be checked since {since} ({reason}).",
    watchableAgain: '{site}: can be checked again.',
    baseline:
      'First run done: {found} found, {not_found} not found, {undecided} could not be checked. From now on you hear about changes only.',
    newlyCovered: 'Newly covered ({count}): {sites}.',
    digestSubject: 'Your {brand} watches: {count} updates',
    digestIntro: 'What your watches noticed since the last digest.',
    digestMore: '… and {count} more in your dashboard.',
    open: 'Open the watch',
    openAll: 'Open your watches',
    stop: 'Stop mails about this watch',
    pause: 'Pause this watch',
    noUrl: 'no profile address',
  },
  tr: {
    footer: '{brand} üzerinde {target} izlediğiniz için bu iletiyi alıyorsunuz.',
    alertSubject: '{target}: {what}',
    alertWhatAccount: '{site} üzerinde yeni bir hesap',
    alertWhatAccounts: '{count} yeni hesap',
    alertWhatBreach: 'yeni bir veri ihlali',
    alertIntro: '{target} izlemeniz yeni bir şey fark etti.',
    appeared:
      '{site}: yeni bir hesap — {url}\nNasıl karar verdik: {rule}; hiç kaydolmamış bir adla yeniden denetlendi ve {site} onu bulamadı.\nİlk görülme: {first}',
    newBreach: 'Yeni veri ihlali: {breach} (yalnızca adı saklanır; ayrıntılar için Have I Been Pwned’e bakın).',
    disappeared: '{site}: hesap artık yok — art arda iki çalıştırmada bulunamadı (ilki {since}).',
    unwatchable: '{site}: {since} tarihinden beri denetlenemiyor ({reason}).',
    watchableAgain: '{site}: yeniden denetlenebiliyor.',
    baseline:
      'İlk çalıştırma tamam: {found} bulundu, {not_found} bulunamadı, {undecided} denetlenemedi. Bundan sonra yalnızca değişiklikler bildirilir.',
    newlyCovered: 'Yeni kapsananlar ({count}): {sites}.',
    digestSubject: '{brand} izlemeleriniz: {count} güncelleme',
    digestIntro: 'Son özetten bu yana izlemelerinizin fark ettikleri.',
    digestMore: '… ve panonuzda {count} tane daha.',
    open: 'İzlemeyi aç',
    openAll: 'İzlemelerinizi açın',
    stop: 'Bu izleme için e-postaları durdur',
    pause: 'Bu izlemeyi duraklat',
    noUrl: 'profil adresi yok',
  },
} as const;

export interface WatchMailContext {
  brand: string;
  publicUrl: string;
  language: MailLanguage;
  timeZone?: string;
}

const when = (iso: unknown, context: WatchMailContext) =>
  typeof iso === 'string'
    ? new Intl.DateTimeFormat(LOCALE[context.language], {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: context.timeZone ?? 'UTC',
      }).format(new Date(iso))
    : '—';

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** One event as a line of text. */
export function describeEvent(event: WatchEventDraft, context: WatchMailContext): string {
  const t = TEXT[context.language];
  const d = event.detail;
  const v = {
    site: event.siteName ?? event.site ?? '',
    url: str(d.url) || t.noUrl,
    rule: str(d.rule),
    first: when(d.first_seen, context),
    since: when(d.since, context),
    reason: str(d.reason),
    breach: str(d.breach),
    found: str(d.found),
    not_found: str(d.not_found),
    undecided: str(d.undecided),
    count: str(d.count),
    sites: Array.isArray(d.sites) ? d.sites.join(', ') : '',
  };
  const template = {
    appeared: t.appeared,
    new_breach: t.newBreach,
    disappeared: t.disappeared,
    unwatchable: t.unwatchable,
    watchable_again: t.watchableAgain,
    baseline: t.baseline,
    newly_covered: t.newlyCovered,
  }[event.type];
  return fillText(template, v);
}

const targetOf = (watch: Pick<WatchRow, 'label' | 'target'>) =>
  watch.label ? `${watch.label} (${watch.target})` : watch.target;

function compose(
  to: string,
  context: WatchMailContext,
  subject: string,
  blocks: MailBlock[],
  footer: string,
  summary: string,
  oneClick?: string,
): MailMessage {
  return {
    ...composeMail(to, context.brand, context.language, { subject, blocks, summary }, footer),
    ...(oneClick
      ? { headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** "Appeared" and new breaches, at once. */
export function watchAlertMail(
  to: string,
  input: WatchMailContext & { watch: WatchRow; events: readonly WatchEventDraft[]; links: WatchLinks },
): MailMessage {
  const t = TEXT[input.language];
  const appeared = input.events.filter((e) => e.type === 'appeared');
  const what =
    appeared.length === 1
      ? fillText(t.alertWhatAccount, { site: appeared[0]!.siteName ?? '' })
      : appeared.length > 1
        ? fillText(t.alertWhatAccounts, { count: String(appeared.length) })
        : t.alertWhatBreach;
  const target = targetOf(input.watch);
  const blocks: MailBlock[] = [
    { kind: 'text', text: fillText(t.alertIntro, { target }) },
    ...input.events.map((e): MailBlock => ({ kind: 'text', text: describeEvent(e, input) })),
    { kind: 'link', label: t.open, url: input.links.watch },
    { kind: 'text', text: `${t.stop}: ${input.links.unsubscribePage}\n${t.pause}: ${input.links.pausePage}` },
  ];
  return compose(
    to,
    input,
    fillText(t.alertSubject, { target, what }),
    blocks,
    fillText(t.footer, { target: input.watch.target, brand: input.brand }),
    `watch alert: ${input.events.length} event(s)`,
    input.links.oneClick,
  );
}

/** At most this many events in one digest; the rest are a link away. */
export const DIGEST_CAP = 50;

/** The daily digest: every watch's events since the last one, grouped by watch. */
export function watchDigestMail(
  to: string,
  input: WatchMailContext & {
    groups: Array<{ watch: WatchRow; events: readonly WatchEventDraft[]; links: WatchLinks }>;
  },
): MailMessage {
  const t = TEXT[input.language];
  const total = input.groups.reduce((n, g) => n + g.events.length, 0);
  const blocks: MailBlock[] = [{ kind: 'text', text: t.digestIntro }];
  let shown = 0;
  for (const group of input.groups) {
    if (shown >= DIGEST_CAP) break;
    const events = group.events.slice(0, DIGEST_CAP - shown);
    shown += events.length;
    const lines = events.map((e) => `• ${describeEvent(e, input)}`);
    lines.push(
      `${t.open}: ${group.links.watch}`,
      `${t.stop}: ${group.links.unsubscribePage}`,
      `${t.pause}: ${group.links.pausePage}`,
    );
    blocks.push({ kind: 'section', title: targetOf(group.watch), text: lines.join('\n') });
  }
  if (total > shown) blocks.push({ kind: 'text', text: fillText(t.digestMore, { count: String(total - shown) }) });
  blocks.push({ kind: 'link', label: t.openAll, url: `${input.publicUrl}/dashboard/watches` });
  const single = input.groups.length === 1 ? input.groups[0] : undefined;
  return compose(
    to,
    input,
    fillText(t.digestSubject, { brand: input.brand, count: String(total) }),
    blocks,
    fillText(t.footer, { target: input.groups.map((g) => g.watch.target).join(', '), brand: input.brand }),
    `watch digest: ${total} event(s)`,
    single?.links.oneClick,
  );
}
