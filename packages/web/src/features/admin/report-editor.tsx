import { REPORT_FIELDS, REPORT_LIMITS, type ReportField } from '@hound/contracts';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { fill } from '../../lib/format.ts';
import { inputClass, labelClass } from '../auth/auth-frame.tsx';
import { useAdminTexts } from './admin-texts.ts';
import { DeliverDialog } from './deliver-dialog.tsx';
import { danger } from './dialog-frame.tsx';
import { useOrderFormat } from './order-status.tsx';
import { type AdminOrderDetail, deliverOrder, fetchPreview, isOpen, saveReport } from './orders-api.ts';
import { RefuseDialog } from './refuse-dialog.tsx';
import type { ReportDraft } from './report-draft.ts';
import { type Preview, ReportPreview } from './report-preview.tsx';

/** In the mail's order; on large screens the two short fields share a line, the rest span it. */
const LAYOUT: Record<ReportField, { rows: number; wide: boolean }> = {
  full_name: { rows: 2, wide: false },
  home_address: { rows: 2, wide: false },
  family_members: { rows: 3, wide: true },
  email_addresses: { rows: 3, wide: true },
  social_profiles: { rows: 6, wide: true },
  notes: { rows: 6, wide: true },
  sources: { rows: 3, wide: true },
};
const FIELD_ORDER: readonly ReportField[] = REPORT_FIELDS;

type Busy = 'save' | 'preview' | 'deliver' | null;

/**
 * The report: seven fields, "Save draft", "Preview" (saved first), "Deliver report" (after a confirm step;
 * unsaved edits are saved first) and "Refuse order". A delivered or refused order shows it read-only.
 */
export function ReportEditor(props: {
  order: AdminOrderDetail;
  draft: ReportDraft;
  onOrder(change: Partial<AdminOrderDetail>): void;
}) {
  const admin = useAdminTexts();
  const t = admin.orders.report;
  const toast = useToast();
  const format = useOrderFormat();
  const id = useId();
  const { order, draft, onOrder } = props;
  const open = isOpen(order);
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [dialog, setDialog] = useState<'deliver' | 'refuse' | null>(null);
  // The server refuses an empty report (EMAIL_PLUS_MESSAGES.reportEmpty); the button says so before the click.
  const empty = draft.report.full_name.trim() === '' && draft.report.notes.trim() === '';
  const failed = (detail: string | null) => toast.error(detail ?? admin.errors.operation);

  const save = async (): Promise<boolean> => {
    const report = draft.report;
    const answer = await saveReport(order.id, report);
    if (!answer.ok) {
      failed(answer.detail);
      return false;
    }
    draft.markSaved(report);
    onOrder({ status: 'in_progress', report });
    return true;
  };

  const task = (kind: Exclude<Busy, null>, run: () => Promise<unknown>) => async () => {
    if (busy) return;
    setBusy(kind);
    try {
      await run();
    } finally {
      setBusy(null);
    }
  };

  const onSave = task('save', async () => {
    if (await save()) toast.success(t.saved);
  });

  const onPreview = task('preview', async () => {
    if (open && (draft.dirty || !draft.saved) && !(await save())) return;
    const answer = await fetchPreview(order.id);
    if (!answer.ok || !answer.body) return failed(answer.detail);
    setPreview(answer.body);
  });

  const onDeliver = task('deliver', async () => {
    if (draft.dirty && !(await save())) return setDialog(null);
    const answer = await deliverOrder(order.id);
    setDialog(null);
    if (!answer.ok || !answer.body) return failed(answer.detail);
    toast.success(fill(admin.orders.deliver.done, { email: order.customer_email }));
    onOrder({ status: 'delivered', delivered_at: answer.body.delivered_at, overdue: false });
  });

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {t.title}
        </h3>
        {open && (
          <p className={`text-sm ${muted}`} aria-live="polite" data-testid="draft-state">
            {draft.dirty ? t.unsaved : draft.saved ? t.allSaved : ''}
          </p>
        )}
      </div>
      {order.status === 'delivered' && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-200">
          {fill(t.delivered, { date: format.moment(order.delivered_at) })}
        </p>
      )}
      {open ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {FIELD_ORDER.map((field) => (
            <div key={field} className={LAYOUT[field].wide ? 'lg:col-span-2' : ''}>
              <label htmlFor={`${id}-${field}`} className={labelClass}>
                {t.fields[field]}
              </label>
              <textarea
                id={`${id}-${field}`}
                rows={LAYOUT[field].rows}
                maxLength={REPORT_LIMITS.fieldMax}
                value={draft.report[field]}
                onChange={(e) => draft.set(field, e.target.value)}
                className={`${inputClass} resize-y`}
              />
            </div>
          ))}
        </div>
      ) : (
        <ReadOnlyReport order={order} />
      )}
      {preview && <ReportPreview preview={preview} onClose={() => setPreview(null)} />}
      {(open || order.report) && (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {open && (
            <button type="button" className={button.secondary} disabled={busy !== null} onClick={onSave}>
              {t.save}
            </button>
          )}
          <button type="button" className={button.secondary} disabled={busy !== null} onClick={onPreview}>
            {t.preview}
          </button>
          {open && (
            <>
              <button
                type="button"
                className={button.primary}
                disabled={busy !== null || empty}
                aria-describedby={empty ? `${id}-empty` : undefined}
                onClick={() => setDialog('deliver')}
              >
                {t.deliver}
              </button>
              <button
                type="button"
                className={`${danger.outline} sm:ml-auto`}
                disabled={busy !== null}
                onClick={() => setDialog('refuse')}
              >
                {t.refuse}
              </button>
            </>
          )}
        </div>
      )}
      {open && empty && (
        <p id={`${id}-empty`} className={`text-sm ${muted}`} data-testid="deliver-needs">
          {t.deliverNeeds}
        </p>
      )}
      {busy && (
        <p className={`text-sm ${muted}`} role="status">
          {t.busy}
        </p>
      )}
      {dialog === 'deliver' && (
        <DeliverDialog
          email={order.customer_email}
          busy={busy === 'deliver'}
          onConfirm={onDeliver}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'refuse' && (
        <RefuseDialog
          orderId={order.id}
          onClose={() => setDialog(null)}
          onRefused={(reason, refundId) => {
            setDialog(null);
            const r = admin.orders.refuse;
            toast.success(refundId ? r.done : r.doneNoPayment);
            onOrder({ status: 'refused', refused_reason: reason, overdue: false });
          }}
        />
      )}
    </section>
  );
}

function ReadOnlyReport({ order }: { order: AdminOrderDetail }) {
  const admin = useAdminTexts();
  const t = admin.orders.report;
  const { report } = order;
  if (!report) return <p className={muted}>{t.noReport}</p>;
  return (
    <dl className="grid gap-4 text-sm lg:grid-cols-2" data-testid="report-read-only">
      {FIELD_ORDER.map((field) => (
        <div key={field} className={LAYOUT[field].wide ? 'lg:col-span-2' : ''}>
          <dt className="font-medium">{t.fields[field]}</dt>
          <dd className={`mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap ${report[field] ? '' : muted}`}>
            {report[field] || t.empty}
          </dd>
        </div>
      ))}
    </dl>
  );
}
