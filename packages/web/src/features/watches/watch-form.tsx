import { type SearchScope, WATCH_LIMITS, type WatchCadence, type WatchKind, type WatchList } from '@hound/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { errorClass } from '../auth/auth-frame.tsx';
import { ScopeOptions } from '../search/scope-options.tsx';
import { siteSelection } from '../search/site-selection.ts';
import { field, LabelledSelect } from './labelled-select.tsx';
import type { WatchPrefill } from './watch-prefill.ts';
import { useScopeText, useWatchText } from './watch-text.ts';
import { postWatch, WATCHES_KEY } from './watches-api.ts';

/**
 * "New watch": what, which sites, label, why, how often, how to be told. Prefilled from "Watch this": the
 * target and the search's site selection (categories, named sites, NSFW; an email search's adult sites).
 */
export function WatchForm({ plan, initial }: { plan: WatchList['plan']; initial?: WatchPrefill | null }) {
  const { m } = useI18n();
  const t = m.watches;
  const say = useWatchText();
  const scopeText = useScopeText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { kind: useId(), target: useId(), label: useId(), purpose: useId() };
  const [kind, setKind] = useState<WatchKind>(initial?.kind ?? 'username');
  const [target, setTarget] = useState(initial?.target ?? '');
  const [label, setLabel] = useState('');
  const [purpose, setPurpose] = useState('');
  const [scope, setScope] = useState<SearchScope>(initial?.scope ?? {});
  const [adult, setAdult] = useState(initial?.adult ?? false);
  const cadences = plan[kind].cadences;
  const [cadence, setCadence] = useState<WatchCadence | ''>('');
  const [mail, setMail] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = cadence && cadences.includes(cadence) ? cadence : cadences.includes('daily') ? 'daily' : cadences[0];
  const full = plan[kind].used >= plan[kind].slots;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await postWatch({
      kind,
      target,
      purpose,
      ...(label.trim() ? { label } : {}),
      ...(chosen ? { cadence: chosen } : {}),
      ...(kind === 'username' && siteSelection(scope) ? { scope: siteSelection(scope)! } : {}),
      ...(kind === 'email' && adult ? { adult: true } : {}),
      notify: { mail },
    });
    setBusy(false);
    if (!answer.ok || !answer.body) {
      setProblem(say(answer.detail));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: [WATCHES_KEY] });
    navigate(`/dashboard/watches/${encodeURIComponent(answer.body.id)}`);
  };

  return (
    <form onSubmit={submit} className={`${card} space-y-4 p-4 sm:p-5`} aria-labelledby={`${ids.kind}-title`}>
      <h2 id={`${ids.kind}-title`} className="text-lg font-semibold">
        {t.newTitle}
      </h2>
      <fieldset>
        <legend className="text-sm font-medium">{t.kind}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['username', 'email'] as const).map((k) => (
            <label key={k} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name={ids.kind} checked={kind === k} onChange={() => setKind(k)} />
              {t.kinds[k]}
            </label>
          ))}
        </div>
        <p className={`mt-1 text-xs ${muted}`}>
          {fill(t.slots, { used: plan[kind].used, slots: plan[kind].slots, kind: t.kinds[kind]!.toLowerCase() })}
        </p>
      </fieldset>
      {full ? (
        <p className="text-sm">
          {fill(t.noSlots, { kind: t.kinds[kind]!.toLowerCase() })}{' '}
          <Link to="/pricing" className="font-medium text-amber-800 underline dark:text-amber-300">
            {t.upgrade}
          </Link>
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <label htmlFor={ids.target} className="block text-sm font-medium">
              {t.target[kind]}
              <input
                id={ids.target}
                className={field}
                value={target}
                required
                maxLength={200}
                autoComplete="off"
                inputMode={kind === 'email' ? 'email' : 'text'}
                onChange={(e) => setTarget(e.target.value)}
              />
            </label>
            <label htmlFor={ids.label} className="block text-sm font-medium">
              {t.label}
              <input
                id={ids.label}
                className={field}
                value={label}
                maxLength={WATCH_LIMITS.labelMax}
                onChange={(e) => setLabel(e.target.value)}
              />
            </label>
          </div>
          <label htmlFor={ids.purpose} className="block text-sm font-medium">
            {t.purpose}
            <textarea
              id={ids.purpose}
              className={field}
              rows={2}
              required
              minLength={WATCH_LIMITS.purposeMin}
              maxLength={WATCH_LIMITS.purposeMax}
              value={purpose}
              onChange={(e) => setPurpose(e.target.value)}
            />
            <span className={`mt-1 block text-xs font-normal ${muted}`}>{t.purposeHint}</span>
          </label>
          <div className="flex flex-wrap items-end gap-4">
            <LabelledSelect
              label={t.cadence}
              value={chosen as WatchCadence}
              options={cadences.map((c) => ({ value: c, label: t.cadences[c]! }))}
              onChange={setCadence}
            />
            <label className="inline-flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" checked={mail} onChange={(e) => setMail(e.target.checked)} />
              {t.notifyMail}
            </label>
          </div>
          {kind === 'username' ? (
            <details className="text-sm" data-testid="watch-scope-options">
              <summary className="cursor-pointer break-words">
                {scopeText(siteSelection(scope))}{' '}
                <span className="font-medium text-amber-800 underline dark:text-amber-300">{t.scopeChange}</span>
              </summary>
              <div className={`mt-2 ${muted}`}>
                <ScopeOptions scope={scope} onChange={(next) => setScope(siteSelection(next) ?? {})} />
              </div>
            </details>
          ) : (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
              {t.adult}
            </label>
          )}
          {problem && (
            <p role="alert" className={errorClass}>
              {problem}
            </p>
          )}
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? t.creating : t.create}
          </button>
        </>
      )}
    </form>
  );
}
