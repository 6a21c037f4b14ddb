/**
 * The CSV the exports write: RFC 4180 (CRLF line ends, a header line, a field quoted only when it holds a comma,
 * a double quote, CR or LF, its quotes doubled), UTF-8 without a byte-order mark.
 */
export const LINE_END = '\r\n';

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + LINE_END;
}

/** One row of an export: its fields in the order of its header. */
export type CsvRow = readonly string[];

/** A column list as the header line and a checker that every row has as many fields. */
export interface CsvLayout {
  columns: readonly string[];
}

export function headerOf(layout: CsvLayout): string {
  return csvLine(layout.columns);
}

/** Unix seconds as ISO 8601 in UTC, to the second (what a spreadsheet reads as a date and time). */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
}
