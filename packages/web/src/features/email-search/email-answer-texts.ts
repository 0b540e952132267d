import { emailAnswersEn } from '../../i18n/email-answers-en.ts';
import { emailAnswersTr } from '../../i18n/email-answers-tr.ts';
import { useFeatureTexts } from '../../i18n/i18n.tsx';

export type EmailAnswerTexts = typeof emailAnswersEn;

/** How an email search's answers read (evidence, counts, exports), loaded with the email pages (decision 156). */
export function useEmailAnswerTexts(): EmailAnswerTexts {
  return useFeatureTexts(emailAnswersEn, emailAnswersTr);
}
