import { useId } from 'react';
import { button, muted } from '../../components/ui.ts';
import { useAdminTexts } from './admin-texts.ts';

export interface Preview {
  subject: string;
  html: string;
  text: string;
}

/** The report mail as the customer will get it: its subject and its HTML in a sandboxed frame (no scripts, no same origin). */
export function ReportPreview({ preview, onClose }: { preview: Preview; onClose(): void }) {
  const admin = useAdminTexts();
  const t = admin.orders.report;
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="font-semibold">
          {t.previewTitle}
        </h4>
        <button type="button" className={`${button.ghost} px-2 py-1 text-sm`} onClick={onClose}>
          {t.closePreview}
        </button>
      </div>
      <p className="text-sm [overflow-wrap:anywhere]">
        <span className={muted}>{t.subject}: </span>
        <span className="font-medium" data-testid="preview-subject">
          {preview.subject}
        </span>
      </p>
      <iframe
        title={t.previewTitle}
        sandbox=""
        srcDoc={preview.html}
        className="h-[32rem] w-full rounded-md border border-slate-200 bg-white dark:border-slate-700"
      />
    </section>
  );
}
