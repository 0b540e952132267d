/** The results dialog's exports, as the username results have them: JSON, CSV, XLSX and an HTML report. */
import type { EmailCheckResult } from '@hound/contracts';
import { useSiteConfig } from '../../api/site-config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { downloadFile, type ExportExtension, exportFileName } from '../search/export.ts';
import { ExportButtons } from '../search/export-buttons.tsx';
import { useEmailAnswerTexts } from './email-answer-texts.ts';

const TYPES: Record<ExportExtension, string> = {
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html;charset=utf-8',
};

export function EmailExportBar(props: {
  email: string;
  searchId: string | null;
  results: readonly EmailCheckResult[];
}) {
  const { m, locale } = useI18n();
  const answers = useEmailAnswerTexts();
  const { brand } = useSiteConfig();
  const exportAs = async (ext: ExportExtension) => {
    // The writers are fetched on first use: the dialog's own download stays small.
    const report = await import('./email-report.ts');
    const input = { brand, ...props, exportedAt: new Date(), locale, m, answers };
    const content =
      ext === 'json'
        ? report.toEmailJson(input)
        : ext === 'csv'
          ? report.toEmailCsv(input)
          : ext === 'xlsx'
            ? report.toEmailXlsx(input)
            : report.toEmailHtml(input);
    downloadFile(exportFileName(brand, props.email, input.exportedAt, ext), TYPES[ext], content);
  };
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
      <legend className="sr-only">{answers.exportTitle}</legend>
      <ExportButtons disabled={props.results.length === 0} onExport={(ext) => void exportAs(ext)} />
    </fieldset>
  );
}
