import { LegalPage, Sections } from './legal-page.tsx';
import { useLegalTexts } from './legal-texts.ts';

export default function PrivacyPage() {
  const p = useLegalTexts().privacy;
  return (
    <LegalPage title={p.title} description={p.description} updated={p.updated}>
      <p>{p.intro}</p>
      <Sections sections={p.sections} />
    </LegalPage>
  );
}
