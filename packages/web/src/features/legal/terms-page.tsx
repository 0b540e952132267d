import { LegalPage, Sections } from './legal-page.tsx';
import { useLegalTexts } from './legal-texts.ts';

export default function TermsPage() {
  const t = useLegalTexts().terms;
  return (
    <LegalPage title={t.title} description={t.description} updated={t.updated}>
      <p>{t.intro}</p>
      <Sections sections={t.sections} />
    </LegalPage>
  );
}
