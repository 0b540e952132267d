import type { Watch, WatchEvent, WatchEventStatus, WatchList } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorClass } from '../auth/auth-frame.tsx';
import { LabelledSelect } from './labelled-select.tsx';
import { RunLines, StatusPill } from './watch-summary.tsx';
import { useEventTitle, useScopeText, useWatchText } from './watch-text.ts';
import {
  awaitsRun,
  deleteWatch,
  FOLLOW_MS,
  fetchWatch,
  fetchWatchEvents,
  fetchWatches,
  patchWatch,
  runWatch,
  triageEvent,
  WATCHES_KEY,
} from './watches-api.ts';

const PAGE = 50;

/** `/dashboard/watches/{id}`: a watch's state, its settings and its timeline with triage. */
export default function WatchPage() {
  const { id = '' } = useParams();
  const { m } = useI18n();
  const t = m.watches;
  const { session } = useAuth();
  const watch = useQuery({
    queryKey: [WATCHES_KEY, 'one', id, session],
    queryFn: async () => {
      const answer = await fetchWatch(id);
      if (answer.status === 404) return null;
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `watch: ${answer.status}`);
      return answer.body;
    },
    enabled: session,
    refetchInterval: (query) => {
      const data = query.state.data as Watch | null | undefined;
      return data && awaitsRun(data) ? FOLLOW_MS : false;
    },
  });
  return (
    <div className="space-y-6">
      <Link to="/dashboard/watches" className="text-sm font-medium text-amber-800 underline dark:text-amber-300">
        ← {t.back}
      </Link>
      {watch.isError && <p role="alert">{t.errors.generic}</p>}
      {watch.data === null && <p>{m.watches.server.badLink}</p>}
      {watch.data && (
        <>
          <WatchHeader watch={watch.data} />
          <WatchSettings watch={watch.data} />
          <Timeline watch={watch.data} />
        </>
      )}
    </div>
  );
}

function WatchHeader({ watch }: { watch: Watch }) {
  const { m, locale } = useI18n();
  const t = m.watches;
  const say = useWatchText();
  const scopeText = useScopeText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<{ ok: boolean; detail: string | null }>) => {
    setBusy(true);
    setProblem(null);
    const answer = await call();
    setBusy(false);
    if (!answer.ok) setProblem(say(answer.detail));
    await queryClient.invalidateQueries({ queryKey: [WATCHES_KEY] });
    return answer.ok;
  };
  const again = watch.run_available_at
    ? new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(watch.run_available_at))
    : null;
  return (
    <section className={`${card} space-y-3 p-4 sm:p-5`}>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 break-all text-2xl font-semibold tracking-tight">{watch.label || watch.target}</h1>
        <StatusPill watch={watch} />
      </div>
      <p className={`break-all text-sm ${muted}`}>
        {t.kinds[watch.kind]}: {watch.target} · {t.cadences[watch.cadence]} ·{' '}
        {fill(t.present, { count: watch.present })}
      </p>
      <p className={`break-words text-sm ${muted}`} data-testid="watch-scope">
        {scopeText(watch.scope, watch.adult)}
      </p>
      {watch.status === 'suspended' && <p className="text-sm">{t.suspendedHint}</p>}
      <RunLines watch={watch} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={button.primary}
          disabled={busy || watch.running || watch.status === 'suspended' || again !== null}
          title={again ? fill(t.runAgainAt, { time: again }) : undefined}
          onClick={() => void act(() => runWatch(watch.id))}
        >
          {t.runNow}
        </button>
        {watch.status !== 'suspended' && (
          <button
            type="button"
            className={button.secondary}
            disabled={busy}
            onClick={() =>
              void act(() => patchWatch(watch.id, { status: watch.status === 'paused' ? 'active' : 'paused' }))
            }
          >
            {watch.status === 'paused' ? t.resume : t.pause}
          </button>
        )}
        <button
          type="button"
          className={button.ghost}
          disabled={busy}
          onClick={async () => {
            if (!window.confirm(t.deleteConfirm)) return;
            if (await act(() => deleteWatch(watch.id))) navigate('/dashboard/watches');
          }}
        >
          {t.delete}
        </button>
      </div>
      {again && <p className={`text-xs ${muted}`}>{fill(t.runAgainAt, { time: again })}</p>}
      {problem && (
        <p role="alert" className={errorClass}>
          {problem}
        </p>
      )}
    </section>
  );
}

function WatchSettings({ watch }: { watch: Watch }) {
  const { m } = useI18n();
  const t = m.watches;
  const say = useWatchText();
  const queryClient = useQueryClient();
  const plans = useQuery({
    queryKey: [WATCHES_KEY, 'list-plan'],
    queryFn: async () => (await fetchWatches()).body as WatchList | null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const cadences = plans.data?.plan[watch.kind].cadences ?? [watch.cadence];
  const change = async (body: Parameters<typeof patchWatch>[1]) => {
    setProblem(null);
    setNote(null);
    const answer = await patchWatch(watch.id, body);
    if (answer.ok) setNote(t.saved);
    else setProblem(say(answer.detail));
    await queryClient.invalidateQueries({ queryKey: [WATCHES_KEY] });
  };
  return (
    <section className={`${card} space-y-3 p-4 sm:p-5`} aria-label={t.settings}>
      <h2 className="text-lg font-semibold">{t.settings}</h2>
      <div className="flex flex-wrap items-center gap-4">
        <LabelledSelect
          label={t.cadence}
          value={watch.cadence}
          options={[...new Set([watch.cadence, ...cadences])].map((c) => ({ value: c, label: t.cadences[c]! }))}
          onChange={(cadence) => void change({ cadence })}
        />
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={watch.notify.mail}
            onChange={(e) => void change({ notify: { mail: e.target.checked } })}
          />
          {t.notifyMail}
        </label>
        {plans.data?.webhooks_available && (
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={watch.notify.webhook}
              onChange={(e) => void change({ notify: { webhook: e.target.checked } })}
            />
            {t.notifyWebhook}
          </label>
        )}
      </div>
      {plans.data?.webhooks_available && <p className={`text-xs ${muted}`}>{t.webhookHint}</p>}
      <p className={`break-words text-xs ${muted}`}>{fill(m.watches.admin.purpose, { purpose: watch.purpose })}</p>
      {note && (
        <p role="status" className="text-sm">
          {note}
        </p>
      )}
      {problem && (
        <p role="alert" className={errorClass}>
          {problem}
        </p>
      )}
    </section>
  );
}

function Timeline({ watch }: { watch: Watch }) {
  const { m } = useI18n();
  const t = m.watches;
  const [limit, setLimit] = useState(PAGE);
  const events = useQuery({
    queryKey: [WATCHES_KEY, 'events', watch.id, limit, watch.last_run?.id],
    queryFn: async () => (await fetchWatchEvents(watch.id, limit)).body,
  });
  return (
    <section className="space-y-3" aria-label={t.timeline}>
      <h2 className="text-lg font-semibold">{t.timeline}</h2>
      {events.data && events.data.items.length === 0 && <p className={`text-sm ${muted}`}>{t.noEvents}</p>}
      <ol className="space-y-2">
        {events.data?.items.map((event) => (
          <EventItem key={event.id} watchId={watch.id} event={event} />
        ))}
      </ol>
      {events.data && events.data.total > events.data.items.length && (
        <button type="button" className={button.secondary} onClick={() => setLimit((n) => Math.min(n + PAGE, 200))}>
          {t.more}
        </button>
      )}
    </section>
  );
}

const TONE: Record<string, string> = {
  appeared: 'border-l-emerald-600 dark:border-l-emerald-400',
  new_breach: 'border-l-red-600 dark:border-l-red-400',
  disappeared: 'border-l-slate-500',
};

function EventItem({ watchId, event }: { watchId: string; event: WatchEvent }) {
  const { m, locale } = useI18n();
  const t = m.watches;
  const title = useEventTitle();
  const queryClient = useQueryClient();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const url = typeof event.detail.url === 'string' && isWebLink(event.detail.url) ? event.detail.url : null;
  const triage = async (status: WatchEventStatus) => {
    await triageEvent(watchId, event.id, status);
    await queryClient.invalidateQueries({ queryKey: [WATCHES_KEY] });
  };
  const faded = event.status !== 'new';
  return (
    <li
      className={`${card} border-l-4 p-3 ${TONE[event.type] ?? 'border-l-amber-600 dark:border-l-amber-400'} ${
        faded ? 'opacity-70' : ''
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 break-words font-medium">{title(event)}</p>
        <span className={`text-xs ${muted}`}>
          {when.format(new Date(event.created_at))} · {t.eventStatus[event.status]}
        </span>
      </div>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          className="mt-1 block break-all text-sm text-amber-800 underline dark:text-amber-300"
        >
          {url}
        </a>
      )}
      {event.type === 'appeared' && typeof event.detail.rule === 'string' && (
        <p className={`mt-1 break-words text-xs ${muted}`}>
          {fill(t.how, { rule: event.detail.rule })}
          {typeof event.detail.first_seen === 'string' &&
            ` ${fill(t.firstSeen, { time: when.format(new Date(event.detail.first_seen)) })}`}
        </p>
      )}
      {event.type === 'disappeared' && <p className={`mt-1 text-xs ${muted}`}>{t.gone}</p>}
      {event.type === 'unwatchable' && typeof event.detail.reason === 'string' && (
        <p className={`mt-1 text-xs ${muted}`}>{fill(t.reason, { reason: event.detail.reason })}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {event.status !== 'seen' && (
          <button type="button" className={`${button.secondary} py-1 text-xs`} onClick={() => void triage('seen')}>
            {t.markSeen}
          </button>
        )}
        {event.status !== 'dismissed' && (
          <button type="button" className={`${button.ghost} py-1 text-xs`} onClick={() => void triage('dismissed')}>
            {t.dismiss}
          </button>
        )}
        {event.status !== 'new' && (
          <button type="button" className={`${button.ghost} py-1 text-xs`} onClick={() => void triage('new')}>
            {t.restore}
          </button>
        )}
      </div>
    </li>
  );
}
