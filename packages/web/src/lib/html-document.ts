/**
 * The head of a self-contained HTML file the app writes (the username and email reports): a language, a
 * viewport, no referrer, and optionally a Content-Security-Policy of its own. The caller adds its style.
 */
import { htmlText } from './html-text.ts';

export function documentHead(locale: string, title: string, csp?: string): string {
  return `<!doctype html>
<html lang="${htmlText(locale.split('-')[0]!)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">${csp ? `\n<meta http-equiv="Content-Security-Policy" content="${htmlText(csp)}">` : ''}
<title>${htmlText(title)}</title>`;
}
