import { API_KEY_SCOPES, type ApiKey, type ApiKeyList, type ApiKeyScope, type CreatedApiKey } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill, plural } from '../../lib/format.ts';
import { useApiTexts } from './api-texts.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { ShownOnce } from './copy-box.tsx';
import { SecretForm } from './secret-form.tsx';
import { UsageBars } from './usage-bars.tsx';

const KEYS = ['api-keys'];

/** API keys in the dashboard: the plan's limits, create (shown once), the list with 30 days of use, roll, revoke. */
export function KeysSection() {
  const { locale } = useI18n();
  const api = useApiTexts();
  const t = api.keys;
  const id = useId();
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: KEYS,
    queryFn: async () => (await apiFetch<ApiKeyList>('/me/api-keys')).body,
  });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['search:username', 'account:read']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ key: CreatedApiKey; rolled: boolean } | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const limits = list.data?.limits;
  const refresh = () => queries.invalidateQueries({ queryKey: KEYS });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) return setError(t.pickScope);
    setBusy(true);
    const answer = await apiFetch<CreatedApiKey>('/me/api-keys', {
      method: 'POST',
      body: { name: name.trim() || 'API key', scopes },
    });
    setBusy(false);
    if (!answer.ok || !answer.body) return setError(answer.detail ?? t.failed);
    setError(null);
    setName('');
    setShown({ key: answer.body, rolled: false });
    await refresh();
  };

  const roll = async (key: ApiKey) => {
    const answer = await apiFetch<CreatedApiKey>(`/me/api-keys/${key.id}/roll`, { method: 'POST' });
    if (answer.ok && answer.body) setShown({ key: answer.body, rolled: true });
    else setError(answer.detail ?? t.failed);
    await refresh();
  };
  const revoke = async (key: ApiKey) => {
    const answer = await apiFetch(`/me/api-keys/${key.id}`, { method: 'DELETE' });
    if (!answer.ok) setError(answer.detail ?? t.failed);
    await refresh();
  };

  const noAccess = limits && (limits.requests_per_minute === 0 || limits.max_keys === 0);
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-5 p-5 sm:p-6`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>{t.lead}</p>
        {limits && (
          <p className="mt-2 text-sm">
            {noAccess
              ? t.noAccess
              : fill(t.limits, {
                  rpm: limits.requests_per_minute,
                  active: limits.active_searches,
                  daily: limits.searches_per_day,
                  keys: limits.max_keys,
                })}
          </p>
        )}
      </div>

      {shown && (
        <ShownOnce
          title={t.newKeyTitle}
          lead={
            shown.rolled && shown.key.previous_valid_until
              ? fill(t.rolledLead, { until: dateTime.format(new Date(shown.key.previous_valid_until)) })
              : t.newKeyLead
          }
          text={shown.key.key}
          done={t.done}
          onDone={() => setShown(null)}
        />
      )}

      {!noAccess && (
        <SecretForm
          id={`${id}-name`}
          label={t.name}
          input={{
            value: name,
            maxLength: 60,
            placeholder: t.namePlaceholder,
            onChange: (e) => setName(e.target.value),
          }}
          choices={{
            legend: t.scopes,
            options: API_KEY_SCOPES,
            labels: t.scope,
            chosen: scopes,
            onChange: setScopes,
            className: 'grid gap-2 sm:grid-cols-2',
          }}
          error={error}
          busy={busy}
          submit={t.create}
          submitting={t.creating}
          onSubmit={create}
        />
      )}

      {list.data && list.data.items.length === 0 && <p className={`text-sm ${muted}`}>{t.empty}</p>}
      <ul className="space-y-3">
        {list.data?.items.map((key) => {
          const total = (field: 'requests' | 'searches' | 'email_searches' | 'credits') =>
            key.usage.reduce((sum, d) => sum + d[field], 0);
          return (
            <li
              key={key.id}
              className={`rounded-lg border border-slate-200 p-4 dark:border-slate-700 ${key.revoked_at ? 'opacity-60' : ''}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-words">{key.name}</h3>
                <code className={`text-xs break-all ${muted}`}>{key.prefix}</code>
              </div>
              <ul className="mt-2 flex flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <li key={scope} className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs dark:bg-slate-800">
                    {scope}
                  </li>
                ))}
              </ul>
              <p className={`mt-2 text-xs ${muted}`}>
                {fill(t.created, { date: date.format(new Date(key.created_at)) })} ·{' '}
                {key.last_used_at
                  ? fill(t.lastUsed, { date: dateTime.format(new Date(key.last_used_at)) })
                  : t.neverUsed}
                {key.revoked_at && ` · ${fill(t.revokedOn, { date: date.format(new Date(key.revoked_at)) })}`}
                {!key.revoked_at &&
                  key.previous_valid_until &&
                  new Date(key.previous_valid_until) > new Date() &&
                  ` · ${fill(t.previousUntil, { date: dateTime.format(new Date(key.previous_valid_until)) })}`}
              </p>
              <div className="mt-3">
                <p className="text-xs font-medium">{t.usage}</p>
                <UsageBars days={key.usage} label={t.chart} />
                <p className={`mt-1 text-xs ${muted}`}>
                  {[
                    plural(t.requests, total('requests'), locale),
                    plural(t.searches, total('searches'), locale),
                    plural(t.emailSearches, total('email_searches'), locale),
                    plural(t.credits, total('credits'), locale),
                  ].join(' · ')}
                </p>
              </div>
              {!key.revoked_at && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <ConfirmButton
                    label={t.roll}
                    question={fill(t.rollConfirm, { name: key.name })}
                    onConfirm={() => roll(key)}
                  />
                  <ConfirmButton
                    danger
                    label={t.revoke}
                    question={fill(t.revokeConfirm, { name: key.name })}
                    onConfirm={() => revoke(key)}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
