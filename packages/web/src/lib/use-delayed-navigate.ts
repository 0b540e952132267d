import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/** Spec 000 §9: navigation buttons show "Loading...", are disabled for 150 ms, then navigate. */
export const NAVIGATION_DELAY_MS = 150;

export function useDelayedNavigate(): { pending: string | null; go: (to: string) => void } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const go = useCallback(
    (to: string) => {
      if (timer.current) return;
      setPending(to);
      timer.current = setTimeout(() => {
        timer.current = null;
        setPending(null);
        navigate(to);
      }, NAVIGATION_DELAY_MS);
    },
    [navigate],
  );
  return { pending, go };
}
