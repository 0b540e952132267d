import { REPORT_FIELDS } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchMyOrderReport } from './billing-api.ts';
import { useBillingTexts } from './billing-texts.ts';

/**
 * `/dashboard/orders/:id`: a delivered Email Plus report, reopened from the dashboard, to read again or
 * print / save as PDF. `data-print-report` makes the print stylesheet (index.css) leave out the app's
 * header, sidebar and footer, so the printed page is the report alone.
 */
export default function OrderReportPage() {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.report;
  const { id = '' } = useParams();
  const { session } = useAuth();
  const report = useQuery({
    queryKey: ['email-plus-report', id, session],
    queryFn: async () => {
      const answer = await fetchMyOrderReport(id);
      if (answer.status === 409) return { state: 'not-delivered' as const };
      if (!answer.ok || !answer.body) return { state: 'not-found' as const };
      return { state: 'ok' as const, order: answer.body };
    },
    enabled: session,
  });
  const order = report.data?.state === 'ok' ? report.data.order : null;
  useDocumentMeta({ title: fill(t.metaTitle, {}), description: t.footer, noindex: true }, useDefaultMeta());
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });

  if (!order) {
    const message = report.isPending ? t.loading : report.data?.state === 'not-delivered' ? t.notDelivered : t.notFound;
    return (
      <div className="space-y-4">
        <p className={muted} role={report.isPending ? undefined : 'alert'}>
          {message}
        </p>
        <Link to="/dashboard" className={link}>
          {t.back}
        </Link>
      </div>
    );
  }
  const sections = REPORT_FIELDS.filter((field) => order.report[field].trim() !== '');
  return (
    <article data-print-report className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/dashboard" className={link}>
          {t.back}
        </Link>
        <button type="button" className={button.primary} onClick={() => window.print()}>
          {t.print}
        </button>
      </div>
      <header>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" title={order.target_email}>
          <TextWithAddress text={t.title} address={order.target_email} />
        </h1>
        <p className={`mt-2 text-sm ${muted} print:text-black`}>
          {fill(t.delivered, {
            date: order.delivered_at ? date.format(new Date(order.delivered_at)) : '—',
            id: order.id,
          })}
        </p>
      </header>
      <div className={`${card} divide-y divide-slate-200 dark:divide-slate-800 print:border-0`}>
        {sections.map((field) => (
          <section key={field} className="p-5 print:break-inside-avoid print:px-0">
            <h2 className="text-base font-semibold">{t.fields[field]}</h2>
            <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{order.report[field].trim()}</p>
          </section>
        ))}
      </div>
      <p className={`text-sm ${muted} print:text-black`}>{t.footer}</p>
    </article>
  );
}
