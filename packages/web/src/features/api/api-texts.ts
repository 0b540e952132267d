import { apiEn } from '../../i18n/api-en.ts';
import { apiTr } from '../../i18n/api-tr.ts';
import { useFeatureTexts } from '../../i18n/i18n.tsx';

/** The API page's and the dashboard's API strings in the page's language, loaded with those pages (decision 156). */
export function useApiTexts(): typeof apiEn {
  return useFeatureTexts(apiEn, apiTr);
}
