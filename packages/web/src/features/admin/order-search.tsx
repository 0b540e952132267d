import { REPORT_LIMITS } from '@hound/contracts';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { plural } from '../../lib/format.ts';
import { SiteLinks } from '../email-search/site-links.tsx';
import { useAdminTexts } from './admin-texts.ts';
import { type AdminOrderDetail, type OrderSearch, startOrderSearch } from './orders-api.ts';
import { accountLines, appendLines, type ReportDraft } from './report-draft.ts';

/**
 * "Automated search": runs the email search on the order's target (the panel polls the order while it
 * runs), lists the found accounts and records, and copies the accounts into the report's social profiles.
 */
export function OrderSearchSection(props: {
  order: AdminOrderDetail;
  draft: ReportDraft;
  readOnly: boolean;
  onStarted(searchId: string): void;
}) {
  const { locale } = useI18n();
  const admin = useAdminTexts();
  const t = admin.orders.search;
  const toast = useToast();
  const id = useId();
  const [starting, setStarting] = useState(false);
  const { search } = props.order;
  const running = search?.status === 'running';

  const run = async () => {
    if (starting) return;
    setStarting(true);
    const answer = await startOrderSearch(props.order.id);
    setStarting(false);
    if (!answer.ok || !answer.body) return toast.error(answer.detail ?? admin.errors.operation);
    props.onStarted(answer.body.search_id);
  };

  const add = () => {
    if (!search) return;
    const { draft } = props;
    const result = appendLines(draft.report.social_profiles, accountLines(search.accounts), REPORT_LIMITS.fieldMax);
    if (result.added === 0) return result.left > 0 ? toast.error(t.tooLong) : toast.info(t.nothingNew);
    draft.set('social_profiles', result.text);
    if (result.left > 0) toast.info(`${plural(t.added, result.added, locale)} ${plural(t.left, result.left, locale)}`);
    else toast.success(plural(t.added, result.added, locale));
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-lg font-semibold">
            {t.title}
          </h3>
          <p className={`text-sm ${muted}`}>{t.lead}</p>
        </div>
        {!props.readOnly && (
          <button
            type="button"
            className={`${button.secondary} w-full sm:w-auto`}
            disabled={starting || running}
            aria-busy={starting}
            onClick={run}
          >
            {search ? t.again : t.run}
          </button>
        )}
      </div>
      <div role="status" className="space-y-2 text-sm">
        {running && (
          <>
            <div
              role="progressbar"
              aria-label={t.running}
              className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div className="h-full w-1/3 animate-pulse rounded-full bg-amber-600 motion-reduce:animate-none dark:bg-amber-400" />
            </div>
            <p>
              {t.running} {plural(t.found, search.accounts.length, locale)}
            </p>
          </>
        )}
        {search?.status === 'completed' && (
          <p className="font-medium">
            {search.accounts.length > 0 ? plural(t.found, search.accounts.length, locale) : t.noAccounts}
          </p>
        )}
      </div>
      {search?.status === 'error' && <p className="text-sm text-red-700 dark:text-red-400">{t.failed}</p>}
      {search && <SearchResults search={search} />}
      {!props.readOnly && search && search.accounts.length > 0 && (
        <button type="button" className={`${button.secondary} w-full sm:w-auto`} disabled={running} onClick={add}>
          {t.add}
        </button>
      )}
    </section>
  );
}

function SearchResults({ search }: { search: OrderSearch }) {
  const admin = useAdminTexts();
  const t = admin.orders.search;
  return (
    <>
      {search.accounts.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold">{t.accounts}</h4>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="found-accounts">
            {search.accounts.map((account) => (
              <li
                key={`${account.domain}-${account.siteName}`}
                className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
              >
                <p className="font-medium">
                  {account.siteName} <span className={`font-normal ${muted}`}>{account.domain}</span>
                </p>
                <p className="flex flex-col items-start">
                  <SiteLinks urls={account.urls} empty={t.noLink} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {search.data.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold">{t.records}</h4>
          <dl className="mt-2 space-y-1 text-sm">
            {search.data.map((record, index) => (
              // Records may repeat (two breaches of one kind); their order is the server's.
              // biome-ignore lint/suspicious/noArrayIndexKey: records have no id
              <div key={index} className="flex flex-col gap-x-2 sm:flex-row">
                <dt className="font-medium sm:shrink-0">{record.type}:</dt>
                <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap">{record.data}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
