import { LegalPage, Sections } from './legal-page.tsx';
import { useLegalTexts } from './legal-texts.ts';

/** `/email-terms`: the terms for email search and Email Plus (every Email Plus buyer accepts them). */
export default function EmailTermsPage() {
  const t = useLegalTexts().emailTerms;
  return (
    <LegalPage title={t.title} description={t.description} updated={t.updated}>
      <p>{t.intro}</p>
      <Sections sections={t.sections} />
    </LegalPage>
  );
}
