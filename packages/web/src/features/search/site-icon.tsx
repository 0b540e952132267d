import { useState } from 'react';

/** Host of a result, for its icon: from the profile URL, else from the site id (`host` or `host/path`). */
export function hostOf(url: string, siteId: string): string {
  try {
    if (url) return new URL(url).hostname;
  } catch {
    // fall through
  }
  return siteId.split('/')[0] ?? siteId;
}

/**
 * The site's icon, fetched through the server's favicon cache (never from the site itself, so no
 * third party learns what was searched). Falls back to the platform's initial.
 */
export function SiteIcon({ host, platform }: { host: string; platform: string }) {
  const [failed, setFailed] = useState(false);
  const initial = platform.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className="relative flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-sm font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {failed || !host ? (
        <span aria-hidden="true">{initial}</span>
      ) : (
        <img
          src={`/api/favicon/${encodeURIComponent(host)}`}
          alt=""
          width={20}
          height={20}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="h-5 w-5"
        />
      )}
    </span>
  );
}
