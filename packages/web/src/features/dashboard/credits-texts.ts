import { creditsEn } from '../../i18n/credits-en.ts';
import { creditsTr } from '../../i18n/credits-tr.ts';
import { useFeatureTexts } from '../../i18n/i18n.tsx';

/** The credit history's strings in the page's language, loaded with the dashboard (decision 156). */
export function useCreditsTexts(): typeof creditsEn {
  return useFeatureTexts(creditsEn, creditsTr);
}
