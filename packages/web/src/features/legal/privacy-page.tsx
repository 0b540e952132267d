import { useSiteConfig } from '../../api/site-config.ts';
import { replaceDeep, useI18n } from '../../i18n/i18n.tsx';
import { LegalPage, Sections } from './legal-page.tsx';

export default function PrivacyPage() {
  const { m } = useI18n();
  const { retentionDays } = useSiteConfig();
  // `{days}` is the server's retention setting, so the page states what the server actually does.
  const p = replaceDeep(m.legal.privacy, '{days}', String(retentionDays));
  return (
    <LegalPage title={p.title} description={p.description} updated={p.updated}>
      <p>{p.intro}</p>
      <Sections sections={p.sections} />
    </LegalPage>
  );
}
