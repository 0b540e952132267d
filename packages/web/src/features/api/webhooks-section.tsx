import {
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill, plural } from '../../lib/format.ts';
import { errorClass } from '../auth/auth-frame.tsx';
import { useApiTexts } from './api-texts.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { ShownOnce } from './copy-box.tsx';
import { SecretForm } from './secret-form.tsx';

const ENDPOINTS = ['webhooks'];

const statusChip: Record<WebhookEndpoint['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  unverified: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  disabled: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
};

/** Webhook endpoints in the dashboard: add (secret shown once), test, the delivery log with redelivery, remove. */
export function WebhooksSection() {
  const api = useApiTexts();
  const t = api.webhooks;
  const id = useId();
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: ENDPOINTS,
    queryFn: async () => (await apiFetch<{ items: WebhookEndpoint[] }>('/me/webhooks')).body?.items ?? [],
  });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['search.completed', 'email_search.completed']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queries.invalidateQueries({ queryKey: ENDPOINTS });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) return setError(t.pickEvent);
    setBusy(true);
    const answer = await apiFetch<CreatedWebhookEndpoint>('/me/webhooks', {
      method: 'POST',
      body: { url: url.trim(), events },
    });
    setBusy(false);
    if (!answer.ok || !answer.body) return setError(answer.detail ?? api.keys.failed);
    setError(null);
    setUrl('');
    setSecret(answer.body.secret);
    await refresh();
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-5 p-5 sm:p-6`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>{t.lead}</p>
      </div>
      {secret && (
        <ShownOnce
          title={t.secretTitle}
          lead={t.secretLead}
          text={secret}
          done={api.keys.done}
          onDone={() => setSecret(null)}
        />
      )}
      <SecretForm
        id={`${id}-url`}
        label={t.url}
        input={{
          type: 'url',
          inputMode: 'url',
          value: url,
          placeholder: t.urlPlaceholder,
          onChange: (e) => setUrl(e.target.value),
        }}
        choices={{
          legend: t.events,
          options: WEBHOOK_EVENT_TYPES,
          labels: t.event,
          chosen: events,
          onChange: setEvents,
        }}
        error={error}
        busy={busy}
        blocked={url.trim() === ''}
        submit={t.add}
        submitting={t.adding}
        onSubmit={add}
      />
      {list.data?.length === 0 && <p className={`text-sm ${muted}`}>{t.empty}</p>}
      <ul className="space-y-3">
        {list.data?.map((endpoint) => (
          <EndpointItem key={endpoint.id} endpoint={endpoint} onChange={refresh} />
        ))}
      </ul>
    </section>
  );
}

function EndpointItem({ endpoint, onChange }: { endpoint: WebhookEndpoint; onChange(): Promise<void> }) {
  const { locale } = useI18n();
  const api = useApiTexts();
  const t = api.webhooks;
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [open, setOpen] = useState(false);
  const test = async () => {
    setTesting(true);
    const answer = await apiFetch<{ http_status: number }>(`/me/webhooks/${endpoint.id}/test`, { method: 'POST' });
    setTesting(false);
    setNote(
      answer.ok && answer.body
        ? { ok: true, text: fill(t.tested, { status: answer.body.http_status }) }
        : { ok: false, text: answer.detail ?? api.keys.failed },
    );
    await onChange();
  };
  const remove = async () => {
    await apiFetch(`/me/webhooks/${endpoint.id}`, { method: 'DELETE' });
    await onChange();
  };
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <code className="min-w-0 text-sm break-all">{endpoint.url}</code>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusChip[endpoint.status]}`}>
          {t.status[endpoint.status]}
        </span>
      </div>
      <p className={`mt-1 text-xs ${muted}`}>
        {endpoint.events.join(', ')}
        {endpoint.failed_recently > 0 &&
          ` · ${plural({ one: t.failedRecently, other: t.failedRecently }, endpoint.failed_recently, locale)}`}
      </p>
      {endpoint.disabled_reason && <p className="mt-2 text-sm">{t.disabled[endpoint.disabled_reason]}</p>}
      {note && (
        <p role="status" className={`mt-2 text-sm ${note.ok ? '' : errorClass}`}>
          {note.text}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" disabled={testing} className={button.secondary} onClick={test}>
          {testing ? t.testing : t.test}
        </button>
        <button type="button" className={button.secondary} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t.hideDeliveries : t.deliveries}
        </button>
        <ConfirmButton danger label={t.remove} question={t.removeConfirm} onConfirm={remove} />
      </div>
      {open && <DeliveryLog endpointId={endpoint.id} active={endpoint.status === 'active'} />}
    </li>
  );
}

function DeliveryLog({ endpointId, active }: { endpointId: string; active: boolean }) {
  const { locale } = useI18n();
  const api = useApiTexts();
  const t = api.webhooks;
  const queries = useQueryClient();
  const key = ['webhook-deliveries', endpointId];
  const log = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await apiFetch<{ items: WebhookDelivery[] }>(`/me/webhooks/${endpointId}/deliveries?limit=20`)).body?.items ??
      [],
  });
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const redeliver = async (delivery: WebhookDelivery) => {
    await apiFetch(`/me/webhooks/${endpointId}/deliveries/${delivery.id}/redeliver`, { method: 'POST' });
    await queries.invalidateQueries({ queryKey: key });
  };
  if (log.data?.length === 0) return <p className={`mt-3 text-sm ${muted}`}>{t.noDeliveries}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-700">
      {log.data?.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0">
            <span className="font-medium">{t.delivery[d.status]}</span> ·{' '}
            <code className="text-xs">{d.event_type}</code>
            <span className={`block text-xs ${muted}`}>
              {time.format(new Date(d.created_at))} · {plural(t.attempts, d.attempts, locale)}
              {d.last_http_status !== null && ` · HTTP ${d.last_http_status}`}
              {d.last_error && d.last_http_status === null && ` · ${d.last_error}`}
              {d.next_attempt_at && ` · ${fill(t.nextAttempt, { date: time.format(new Date(d.next_attempt_at)) })}`}
            </span>
          </span>
          {active && d.status !== 'pending' && (
            <button type="button" className={`${button.ghost} py-1 text-xs`} onClick={() => redeliver(d)}>
              {t.redeliver}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
