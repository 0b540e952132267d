import { useState } from 'react';
import { button } from '../../components/ui.ts';
import { useApiTexts } from './api-texts.ts';

/** A button that asks first, in place: the question, then Confirm and Cancel (no dialog, fits a phone). */
export function ConfirmButton(props: {
  label: string;
  question: string;
  onConfirm(): Promise<void> | void;
  danger?: boolean;
}) {
  const api = useApiTexts();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" className={button.secondary} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  return (
    <fieldset className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 dark:bg-amber-400/10">
      <legend className="sr-only">{props.label}</legend>
      <p className="w-full text-sm">{props.question}</p>
      <button
        type="button"
        disabled={busy}
        className={props.danger ? `${button.primary} bg-red-700 hover:bg-red-800 dark:bg-red-400` : button.primary}
        onClick={async () => {
          setBusy(true);
          await props.onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {props.label}
      </button>
      <button type="button" className={button.secondary} onClick={() => setAsking(false)}>
        {api.keys.cancel}
      </button>
    </fieldset>
  );
}
