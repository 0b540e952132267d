import { TextWithAddress } from '../../components/breakable-address.tsx';
import { button, muted } from '../../components/ui.ts';
import { useAdminTexts } from './admin-texts.ts';
import { DialogFrame, dialogButtons } from './dialog-frame.tsx';

/** "Send the report to <customer>?" — the confirm step before a delivery, which cannot be undone. */
export function DeliverDialog(props: { email: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  const admin = useAdminTexts();
  const t = admin.orders.deliver;
  return (
    <DialogFrame title={t.title} onClose={props.onClose} onSubmit={props.onConfirm}>
      <p className="font-medium break-words" title={props.email}>
        <TextWithAddress text={t.confirm} address={props.email} />
      </p>
      <p className={`text-sm ${muted}`}>{t.note}</p>
      <div className={dialogButtons}>
        <button type="button" className={button.secondary} onClick={props.onClose}>
          {t.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={props.busy} aria-busy={props.busy}>
          {t.send}
        </button>
      </div>
    </DialogFrame>
  );
}
