/** The branded frame of every mail: a plain-text body and the same content as simple, inline-styled HTML. */
export interface MailContent {
  subject: string;
  /** Paragraphs, in order. A paragraph may hold a `{code}` or a link (rendered as a button in HTML). */
  blocks: MailBlock[];
  /** Short line for the development log (may contain the code; logged only in dev-mailbox mode). */
  summary: string;
}

export type MailBlock =
  | { kind: 'text'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'link'; label: string; url: string }
  /** A titled block of several lines (a report section). */
  | { kind: 'section'; title: string; text: string };

/** `{name}` placeholders filled from `values` (an unknown one is left as it is). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A whole message: the content in text and HTML, with the footer. */
export function composeMail(to: string, brand: string, language: string, content: MailContent, footer: string) {
  return {
    to,
    subject: content.subject,
    text: renderText(brand, content, footer),
    html: renderHtml(brand, content, footer, language),
    summary: content.summary,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderText(brand: string, content: MailContent, footer: string): string {
  const body = content.blocks.map((b) => {
    if (b.kind === 'text') return b.text;
    if (b.kind === 'code') return `    ${b.code}`;
    if (b.kind === 'section') return `${b.title}\n${'-'.repeat(b.title.length)}\n${b.text}`;
    return `${b.label}: ${b.url}`;
  });
  return `${brand}\n\n${body.join('\n\n')}\n\n-- \n${footer}\n`;
}

export function renderHtml(brand: string, content: MailContent, footer: string, language: string): string {
  const body = content.blocks
    .map((b) => {
      if (b.kind === 'text') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(b.text)}</p>`;
      if (b.kind === 'section')
        return `<h2 style="margin:24px 0 8px;font-size:16px;color:#0f172a">${escapeHtml(b.title)}</h2><p style="margin:0 0 16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(b.text)}</p>`;
      if (b.kind === 'code')
        return `<p style="margin:0 0 16px;font:600 32px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px;color:#0f172a">${escapeHtml(b.code)}</p>`;
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#b45309;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1e293b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:700;font-size:18px;color:#b45309">${escapeHtml(brand)}</p>
${body}
<p style="margin:24px 0 0;font-size:13px;color:#64748b">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** `{name}` placeholders filled from `values` (unknown ones are left as they are). */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
