// CSV as spreadsheets read it (RFC 4180), for every export the server writes.

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, quotes doubled. Text a
 * spreadsheet would run as a formula (starting with = + - @ tab or CR) gets a leading apostrophe so
 * it stays text: buyers and visitors write names, addresses and notes that end up in these files.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line with its CRLF. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
