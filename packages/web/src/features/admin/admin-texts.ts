import { adminEn } from '../../i18n/admin-en.ts';
import { adminTr } from '../../i18n/admin-tr.ts';
import { useFeatureTexts } from '../../i18n/i18n.tsx';

/** The admin area's strings in the page's language: only the admin pages load them (decision 156). */
export function useAdminTexts(): typeof adminEn {
  return useFeatureTexts(adminEn, adminTr);
}
