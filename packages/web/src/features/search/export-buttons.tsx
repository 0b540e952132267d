/** The four export buttons of a search's results (username or email): JSON, CSV, XLSX and an HTML report. */
import { DownloadIcon } from '../../components/icons.tsx';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { ExportExtension } from './export.ts';

export function ExportButtons({ disabled, onExport }: { disabled: boolean; onExport(ext: ExportExtension): void }) {
  const { m } = useI18n();
  return (
    <>
      {(
        [
          ['json', m.results.exportJson],
          ['csv', m.results.exportCsv],
          ['xlsx', m.results.exportXlsx],
          ['html', m.results.exportHtml],
        ] as const
      ).map(([ext, label]) => (
        <button
          key={ext}
          type="button"
          className={`${button.secondary} py-1.5 text-sm`}
          disabled={disabled}
          onClick={() => onExport(ext)}
        >
          <DownloadIcon /> {label}
        </button>
      ))}
    </>
  );
}
