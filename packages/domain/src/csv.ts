/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled), made safe to open in a spreadsheet (OWASP
 * "CSV injection", decisions 0021 and 0031): a text cell that starts like a formula (=, +, -, @,
 * or a tab/CR that some spreadsheets skip before one) gets a leading apostrophe and is quoted,
 * so a name like `=HYPERLINK(…)` opens as the text it is. Numbers, booleans and dates are
 * written by us, never from a user, and stay as they are, so −1.25 stays a number. The server
 * writes every CSV file with these functions; the browser never builds one.
 */
export type CsvCell = string | number | boolean | null | undefined;

/** Excel reads a file without it as the local code page and garbles accented names. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field of a line: empty for no value, quoted when it must be or when it was neutralised. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = neutraliseFormula(cell);
  const quoted = text !== cell || NEEDS_QUOTES.test(text);
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
