import { ExternalIcon } from '../../components/icons.tsx';
import { link, muted } from '../../components/ui.ts';
import { isWebLink } from '../../lib/web-link.ts';

/** An account's links, or the spec's line when there are none; anything but http(s) is shown as text. */
export function SiteLinks({ urls, empty }: { urls: readonly string[]; empty: string }) {
  if (urls.length === 0) return <span className={muted}>{empty}</span>;
  return urls.map((url) =>
    !isWebLink(url) ? (
      <span key={url} className="break-all">
        {url}
      </span>
    ) : (
      <a
        key={url}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={`${link} inline-flex items-center gap-1 break-all`}
      >
        {url}
        <ExternalIcon />
      </a>
    ),
  );
}
