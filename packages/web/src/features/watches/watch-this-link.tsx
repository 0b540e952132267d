import { Link } from 'react-router';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** "Watch this" on a finished search: the new-watch form, prefilled (signed-out visitors sign in first, then land there). */
export function WatchThisLink({ username }: { username: string }) {
  const { m } = useI18n();
  const { authenticated } = useAuth();
  const to = `/dashboard/watches?username=${encodeURIComponent(username)}`;
  return (
    <Link
      to={to}
      className={`${button.secondary} py-1.5 text-sm`}
      title={authenticated ? fill(m.watches.watchThisHint, { name: username }) : m.watches.signInToWatch}
    >
      {m.watches.watchThis}
    </Link>
  );
}
