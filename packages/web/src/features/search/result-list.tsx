import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { entryCategory } from './filters.ts';
import { ResultCard } from './result-card.tsx';
import type { DisplayItem } from './sponsored.ts';
import { SponsoredCard } from './sponsored-card.tsx';

const GAP = 8;

/**
 * The result cards, virtualised against the window scroll: thousands of results keep a few dozen
 * nodes in the DOM. Expanded cards are measured, so heights can change freely.
 */
export function ResultList({ items, label }: { items: DisplayItem[]; label: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const update = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 64 + GAP,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => {
      const item = items[index]!;
      return item.kind === 'result' ? `r:${item.entry.platform}` : `s:${item.sponsor.id}`;
    },
  });

  const toggle = useCallback((platform: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(platform)) next.add(platform);
      return next;
    });
  }, []);

  const virtualItems = virtualizer.getVirtualItems();
  return (
    <ul ref={listRef} aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualItems.map((row) => {
        const item = items[row.index]!;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${row.start - scrollMargin}px)`, paddingBottom: GAP }}
          >
            {item.kind === 'result' ? (
              <ResultCard
                platform={item.entry.platform}
                result={item.entry.result}
                category={entryCategory(item.entry)}
                expanded={expanded.has(item.entry.platform)}
                onToggle={toggle}
              />
            ) : (
              <SponsoredCard sponsor={item.sponsor} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
