// Reading CSV files (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or
// LF, an optional UTF-8 byte-order mark) into rows that remember the file line they start on.

export interface CsvRow {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {}

/** Every row of `text`, blank lines left out. Throws CsvSyntaxError for an unclosed quote. */
export function readCsv(text: string): CsvRow[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
  }
  if (quoted) throw new CsvSyntaxError(`Line ${quoteLine}: a quoted field is never closed.`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** Rows as records keyed by the header's (trimmed) column names. */
export function csvRecords(rows: readonly CsvRow[]): {
  columns: string[];
  records: { line: number; get: (column: string) => string }[];
} {
  const [header, ...body] = rows;
  const columns = (header?.cells ?? []).map((c) => c.trim());
  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const records = body.map((row) => ({
    line: row.line,
    get: (column: string) => {
      const i = index.get(column);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    },
  }));
  return { columns, records };
}
