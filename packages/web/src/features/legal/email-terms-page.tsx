import { useSiteConfig } from '../../api/site-config.ts';
import { replaceDeep, useI18n } from '../../i18n/i18n.tsx';
import { LegalPage, Sections } from './legal-page.tsx';

/** `/email-terms`: the terms for email search and Email Plus (every Email Plus buyer accepts them). */
export default function EmailTermsPage() {
  const { m } = useI18n();
  const { retentionDays } = useSiteConfig();
  const t = replaceDeep(m.email.terms, '{days}', String(retentionDays));
  return (
    <LegalPage title={t.title} description={t.description} updated={t.updated}>
      <p>{t.intro}</p>
      <Sections sections={t.sections} />
    </LegalPage>
  );
}
