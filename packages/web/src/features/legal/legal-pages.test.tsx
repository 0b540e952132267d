import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { legalEn } from '../../i18n/legal-en.ts';
import { legalTr } from '../../i18n/legal-tr.ts';
import type { Language } from '../../i18n/messages.ts';
import { renderWithApp } from '../../test/render.tsx';
import EmailTermsPage from './email-terms-page.tsx';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';

/** Renders a legal page in a language with a retention setting the defaults do not have (45 days). */
async function pageText(Page: ComponentType, path: string, language: Language, title: string): Promise<string> {
  const view = renderWithApp(
    <Routes>
      <Route path={path} element={<Page />} />
    </Routes>,
    { path, language, config: { retentionDays: 45, brand: 'Hound' } },
  );
  await screen.findByRole('heading', { level: 1, name: title });
  const text = document.body.textContent ?? '';
  view.unmount();
  expect(text).not.toMatch(/\{\w+\}/); // every placeholder filled
  return text.replace(/\s+/g, ' ');
}

// Facts each page must state, per language (issue 27 item 17): not full texts, the things a customer must be told.
const FACTS: Record<Language, Record<'privacy' | 'terms' | 'emailTerms', { title: string; facts: RegExp[] }>> = {
  en: {
    privacy: {
      title: 'Privacy Policy',
      facts: [
        /Stripe/,
        /Have I Been Pwned/,
        /mail provider/,
        /hosting provider/,
        /sends the address to each website it checks/,
        /deleted automatically 45 days after the search/,
        /display name, bio and links/,
        /session cookie/,
        /HMAC/,
        /credit history, no longer linked to you/,
        /Delete my account/,
      ],
    },
    terms: {
      title: 'Terms & Conditions',
      facts: [
        /subscription/,
        /renew automatically/,
        /cancel a subscription at any time/,
        /refunded in full/,
        /not refunded/,
        /An email search costs one credit/,
        /Email Plus is a monthly subscription/,
        /fresh search/,
        /7 days/,
      ],
    },
    emailTerms: {
      title: 'Email Terms',
      facts: [
        /Email Plus/,
        /3–5 business days/,
        /refused order is refunded in full/,
        /renews every month with a fresh search/,
        /full name, a home address, family members/,
        /kept in My Searches for 45 days/,
        /never send anything to the address/,
      ],
    },
  },
  tr: {
    privacy: {
      title: 'Gizlilik Politikası',
      facts: [
        /Stripe/,
        /Have I Been Pwned/,
        /e-posta sağlayıcımız/,
        /barındırma sağlayıcımız/,
        /kontrol ettiği her web sitesine gönderir/,
        /aramadan 45 gün sonra otomatik olarak silinir/,
        /görünen adı, biyografisi ve bağlantıları/,
        /oturum çerezi/,
        /HMAC/,
        /sizinle bağlantısı olmayan kredi geçmişi/,
        /Hesabımı sil/,
      ],
    },
    terms: {
      title: 'Şartlar ve Koşullar',
      facts: [
        /abonelik/,
        /otomatik olarak yenilenir/,
        /istediğiniz zaman Faturalandırma sayfasından iptal/,
        /tamamen iade edilir/,
        /iade edilmez/,
        /Bir e-posta araması bir kredi tutar/,
        /Email Plus aylık bir aboneliktir/,
        /yeniden aranmasıyla/,
        /7 gün/,
      ],
    },
    emailTerms: {
      title: 'E-posta Şartları',
      facts: [
        /Email Plus/,
        /3–5 iş günü/,
        /Reddedilen bir sipariş tamamen iade edilir/,
        /her ay aynı adresin yeniden aranması/,
        /tam ad, ev adresi, aile üyeleri/,
        /Aramalarım’da 45 gün saklanır/,
        /adrese hiçbir şey göndermeyiz/,
      ],
    },
  },
};

const PAGES = [
  ['privacy', PrivacyPage, '/privacy'],
  ['terms', TermsPage, '/terms'],
  ['emailTerms', EmailTermsPage, '/email-terms'],
] as const;

/** Every string of a text tree with its path (list lengths included), as the catalogue test does. */
function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value))
    return [[`${prefix}.length`, String(value.length)], ...value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`))];
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(' ');

describe('legal pages for the paid half (issue 27 item 17)', () => {
  it('the Turkish texts have the English sections, lists and placeholders, one for one', () => {
    const english = leaves(legalEn);
    const turkish = leaves(legalTr);
    expect(turkish.map(([path]) => path)).toEqual(english.map(([path]) => path));
    for (const [i, [path, text]] of english.entries()) {
      if (path.endsWith('.length')) expect(turkish[i]![1], path).toBe(text);
      else expect(placeholders(turkish[i]![1]), path).toBe(placeholders(text));
    }
  });

  for (const language of ['en', 'tr'] as const) {
    for (const [key, Page, path] of PAGES) {
      it(`${path} in ${language} states what the product does`, async () => {
        const { title, facts } = FACTS[language][key];
        const text = await pageText(Page, path, language, title);
        for (const fact of facts) expect(text, `${path} (${language}) should say ${fact}`).toMatch(fact);
      });
    }
  }

  it('no longer claims that nothing is shared, in either language', async () => {
    expect(await pageText(PrivacyPage, '/privacy', 'en', 'Privacy Policy')).not.toMatch(
      /do not share data with anyone/,
    );
    expect(await pageText(PrivacyPage, '/privacy', 'tr', 'Gizlilik Politikası')).not.toMatch(/kimseyle paylaşmayız/);
  });

  it('Turkish pages carry no English section headings', async () => {
    const text = await pageText(TermsPage, '/terms', 'tr', 'Şartlar ve Koşullar');
    for (const english of ['Cancellation and refunds', 'Plans, subscriptions', 'Credits'])
      expect(text).not.toContain(english);
  });
});
