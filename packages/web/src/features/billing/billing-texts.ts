import { billingEn } from '../../i18n/billing-en.ts';
import { billingTr } from '../../i18n/billing-tr.ts';
import { useFeatureTexts } from '../../i18n/i18n.tsx';

/** Plans, checkout and billing strings in the page's language, loaded with the pages that sell (decision 156). */
export function useBillingTexts(): typeof billingEn {
  return useFeatureTexts(billingEn, billingTr);
}
