/** Where the browser wrapped an element's text, as laid out (for addresses that must not break mid-word). */
import type { Locator } from 'playwright-core';

/**
 * The places a line breaks inside a word, as `text before|text after`: a break is fine only after a space,
 * "@" or "-", or before a ".". Reads every character's box, so it sees the wrap the page really shows.
 */
export function midWordBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    // A space where the line wraps has no width (it hangs); the character after it still counts as after a space.
    const chars: { char: string; top: number; afterSpace: boolean }[] = [];
    let afterSpace = false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        const char = node.data[i]!;
        if (box.width > 0) {
          chars.push({ char, top: Math.round(box.top), afterSpace });
          afterSpace = false;
        } else if (/\s/.test(char)) afterSpace = true;
      }
    }
    const text = chars.map((c) => c.char).join('');
    return chars.flatMap(({ char, top, afterSpace }, i) => {
      if (i === 0 || top === chars[i - 1]!.top || afterSpace) return [];
      const before = chars[i - 1]!.char;
      return [' ', '@', '-'].includes(before) || char === '.' ? [] : [`${text.slice(0, i)}|${text.slice(i)}`];
    });
  });
}
