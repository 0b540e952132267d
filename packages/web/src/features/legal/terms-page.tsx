import { useI18n } from '../../i18n/i18n.tsx';
import { LegalPage, Sections } from './legal-page.tsx';

export default function TermsPage() {
  const { m } = useI18n();
  const t = m.legal.terms;
  return (
    <LegalPage title={t.title} description={t.description} updated={t.updated}>
      <p>{t.intro}</p>
      <Sections sections={t.sections} />
    </LegalPage>
  );
}
