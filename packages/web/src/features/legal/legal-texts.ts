import { useMemo } from 'react';
import { useSiteConfig } from '../../api/site-config.ts';
import { replaceDeep, useI18n, withBrand } from '../../i18n/i18n.tsx';
import { legalEn } from '../../i18n/legal-en.ts';
import { legalTr } from '../../i18n/legal-tr.ts';

/**
 * Terms, Privacy and Email Terms in the page's language. Kept out of the page catalogues (they are long and
 * only these pages show them), so they load with the legal pages' chunk instead of the first page.
 * `{brand}` and `{days}` (the server's RETENTION_DAYS) are filled in, so the pages state what the server does.
 */
export function useLegalTexts(): typeof legalEn {
  const { language } = useI18n();
  const { brand, retentionDays } = useSiteConfig();
  return useMemo(
    () => replaceDeep(withBrand(language === 'tr' ? legalTr : legalEn, brand), '{days}', String(retentionDays)),
    [language, brand, retentionDays],
  );
}
