import { Link } from 'react-router';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { type WatchPrefill, watchPrefillPath } from './watch-prefill.ts';

/**
 * "Watch this" on a finished search: the new-watch form, prefilled with the target and the search's site
 * selection (signed-out visitors sign in first, then land there).
 */
export function WatchThisLink({ prefill }: { prefill: WatchPrefill }) {
  const { m } = useI18n();
  const { authenticated } = useAuth();
  return (
    <Link
      to={watchPrefillPath(prefill)}
      className={`${button.secondary} py-1.5 text-sm`}
      title={authenticated ? fill(m.watches.watchThisHint, { name: prefill.target }) : m.watches.signInToWatch}
    >
      {m.watches.watchThis}
    </Link>
  );
}
