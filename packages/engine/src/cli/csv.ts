/**
 * CSV cell encoding. Cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * tab or carriage return) get a leading apostrophe, because site names, URLs and evidence come from
 * catalogues and sites Hound does not control (OWASP "CSV injection").
 */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: Array<string | number | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
