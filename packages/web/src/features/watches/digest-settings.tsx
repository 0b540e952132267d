import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { errorClass } from '../auth/auth-frame.tsx';
import { LabelledSelect } from './labelled-select.tsx';
import { useWatchText } from './watch-text.ts';
import { fetchWatchSettings, putWatchSettings, WATCHES_KEY } from './watches-api.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The daily digest's hour and time zone (the browser's zone is offered first). */
export function DigestSettings() {
  const { m } = useI18n();
  const t = m.watches;
  const say = useWatchText();
  const titleId = useId();
  const settings = useQuery({
    queryKey: [WATCHES_KEY, 'settings'],
    queryFn: async () => (await fetchWatchSettings()).body,
  });
  const [hour, setHour] = useState<number | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!settings.data) return null;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set([settings.data.time_zone, browserZone, 'UTC'])];
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const answer = await putWatchSettings({
      digest_hour: hour ?? settings.data!.digest_hour,
      time_zone: zone ?? settings.data!.time_zone,
    });
    if (answer.ok) setNote(t.saved);
    else setProblem(say(answer.detail));
  };
  return (
    <form onSubmit={save} className={`${card} space-y-3 p-4 sm:p-5`} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t.digestTitle}
      </h2>
      <p className={`text-sm ${muted}`}>{t.digestLead}</p>
      <div className="flex flex-wrap items-end gap-4">
        <LabelledSelect
          label={t.digestHour}
          value={hour ?? settings.data.digest_hour}
          options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
          onChange={setHour}
        />
        <LabelledSelect
          label={t.timeZone}
          value={zone ?? settings.data.time_zone}
          options={zones.map((z) => ({ value: z, label: z }))}
          onChange={setZone}
        />
        <button type="submit" className={button.secondary}>
          {t.save}
        </button>
      </div>
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
    </form>
  );
}
