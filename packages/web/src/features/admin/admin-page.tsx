import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** `/admin` for admins (the route guard sends everyone else away); the user tools come with the admin work. */
export default function AdminPage() {
  const { m } = useI18n();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{m.account.admin.title}</h1>
      <p className={`mt-2 ${muted}`}>{m.account.admin.notYet}</p>
    </div>
  );
}
