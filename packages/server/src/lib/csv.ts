/**
 * One CSV cell: quoted when needed, and safe against formula injection — a cell that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
