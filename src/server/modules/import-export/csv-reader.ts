import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_MAX_ROWS } from '../../../shared/schemas/import-export';
import { AppError } from '../../lib/app-error';
import { restore } from './csv-cells';
import type { ImportErrors } from './import-errors';

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells by column name. */
export type CsvRow<Column extends string> = { row: number; cells: Partial<Record<Column, string>> };

/**
 * `leads`: a column that must be there once any column of its group is (the partner programme's
 * types say whether a listing has a programme at all, so its other columns cannot come alone).
 */
export type CsvSpec<Column extends string> = {
  columns: readonly Column[];
  required: readonly Column[];
  leads?: readonly { lead: Column; group: readonly Column[] }[];
};

/** Rows handed over at a time: each batch is looked up and written with a few queries. */
export const IMPORT_BATCH_SIZE = 1_000;

/** Bytes handed to the parser at a time: it then parses (and holds) only that much ahead of the import. */
const SLICE = 64 * 1024;

const parseMessages: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed: a closing " is missing.',
  INVALID_OPENING_QUOTE: 'A " in the middle of a cell: put the whole cell in quotes and double the " inside it.',
  CSV_INVALID_CLOSING_QUOTE: 'A quoted cell goes on after its closing ": double a " that belongs to the text.',
};

/** Whether the body can be read as CSV text at all; if not, the reason is recorded as an error of row 1. */
function isText(body: Buffer, errors: ImportErrors): boolean {
  if (!isUtf8(body)) {
    errors.add(1, null, 'This is not a CSV file: it is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
    return false;
  }
  if (body.includes(0)) {
    errors.add(1, null, 'This is not a CSV file: it holds binary data.');
    return false;
  }
  // Only a short body can be blank; a long one is not read whole here.
  if (body.length < 4096 && body.toString('utf8').replace(/^\uFEFF/, '').trim() === '') {
    errors.add(1, null, 'The file is empty: it needs a header row naming the columns.');
    return false;
  }
  return true;
}

function* slices(body: Buffer) {
  for (let start = 0; start < body.length; start += SLICE) yield body.subarray(start, start + SLICE);
}

/** The header's columns, or null (with errors recorded) when the file cannot be read by it. */
function readHeader<Column extends string>(cells: string[], spec: CsvSpec<Column>, errors: ImportErrors): Column[] | null {
  const names = cells.map((cell) => cell.trim());
  const known = new Set<string>(spec.columns);
  const before = errors.count;
  const seen = new Set<string>();
  for (const name of names) {
    if (!known.has(name)) errors.add(1, name || null, `Unknown column "${name}". The columns are: ${spec.columns.join(', ')}.`);
    else if (seen.has(name)) errors.add(1, name, `The column "${name}" appears twice.`);
    seen.add(name);
  }
  for (const name of spec.required) if (!seen.has(name)) errors.add(1, name, `The column "${name}" is missing.`);
  for (const { lead, group } of spec.leads ?? []) {
    const member = group.find((name) => seen.has(name));
    if (member && !seen.has(lead)) errors.add(1, lead, `The column "${lead}" is missing: the file has "${member}", which needs it.`);
  }
  return errors.count === before ? (names as Column[]) : null;
}

/**
 * Parses an uploaded CSV file batch by batch. Problems with the file as a whole (not text, empty,
 * a bad header, a quote left open) are recorded as errors and end the reading; a file with more
 * than IMPORT_MAX_ROWS data rows is refused with 413.
 */
export async function* readCsv<Column extends string>(body: Buffer, spec: CsvSpec<Column>, errors: ImportErrors): AsyncGenerator<CsvRow<Column>[]> {
  if (!isText(body, errors)) return;
  // Fed in slices, so the parser works through the file as the import asks for rows instead of all at once.
  const parser = Readable.from(slices(body)).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  let header: Column[] | null = null;
  let records = 0;
  let batch: CsvRow<Column>[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records++;
      if (!header) {
        header = readHeader(record, spec, errors);
        if (!header) return;
        continue;
      }
      const row = records;
      if (row - 1 > IMPORT_MAX_ROWS) throw new AppError(413, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`);
      if (record.length !== header.length) {
        errors.add(row, null, `This row has ${record.length} cells but the header has ${header.length} columns.`);
        continue;
      }
      const cells: Partial<Record<Column, string>> = {};
      header.forEach((column, i) => (cells[column] = restore(record[i]!)));
      batch.push({ row, cells });
      if (batch.length >= IMPORT_BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = ((err as CsvError & { records?: number }).records ?? records) + 1;
    errors.add(row, null, parseMessages[err.code] ?? `The file cannot be read as CSV here: ${err.message}`);
    return;
  } finally {
    parser.destroy();
  }
  if (!header && !errors.any) errors.add(1, null, 'The file is empty: it needs a header row naming the columns.');
  if (batch.length) yield batch;
}
