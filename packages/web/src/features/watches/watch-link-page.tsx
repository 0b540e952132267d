import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { postMailAction } from './watches-api.ts';

/**
 * `/watch-link?watch=&action=&token=`: where a watch mail's "stop mails" and "pause" links land. One click
 * confirms (a mail scanner that follows links changes nothing); no sign-in, the signed token is the proof.
 */
export default function WatchLinkPage() {
  const { m } = useI18n();
  const t = m.watches.link;
  const [params] = useSearchParams();
  const watch = params.get('watch') ?? '';
  const action = params.get('action') === 'pause' ? 'pause' : 'unsubscribe';
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [bad, setBad] = useState(!watch || !token);
  const confirm = async () => {
    const answer = await postMailAction(watch, action, token);
    if (answer.ok && answer.body) {
      setDone(fill(action === 'pause' ? t.donePause : t.doneUnsubscribe, { label: answer.body.label }));
    } else setBad(true);
  };
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className={`${card} space-y-4 p-5`}>
        <h1 className="text-xl font-semibold">{t.title}</h1>
        {bad ? (
          <p role="alert">{t.bad}</p>
        ) : done ? (
          <p role="status" className="break-words">
            {done}
          </p>
        ) : (
          <>
            <p className={muted}>{action === 'pause' ? t.pause : t.unsubscribe}</p>
            <button type="button" className={button.primary} onClick={() => void confirm()}>
              {action === 'pause' ? t.confirmPause : t.confirmUnsubscribe}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
