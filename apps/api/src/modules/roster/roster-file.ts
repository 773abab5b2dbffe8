import { type Readable, Transform } from 'node:stream';
import {
  ROSTER_MAX_BYTES,
  ROSTER_MAX_ROWS,
  ROSTER_MESSAGES,
  type RosterField,
  rosterColumns,
} from '@wellbank/domain';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../http/errors.ts';

/** A row of the file: its number as a spreadsheet shows it (the header is 1) and its fields. */
export interface FileRow {
  row: number;
  fields: Partial<Record<RosterField, string>>;
}

/** A request body over ROSTER_MAX_BYTES: the error handler answers 413 in its words. */
function bodyTooLarge() {
  return Object.assign(new Error('roster file too large'), { statusCode: 413 });
}

/** Passes the bytes on and fails the stream once more than `limit` of them came. */
export function byteLimit(limit: number) {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > limit ? bodyTooLarge() : null, chunk);
    },
  });
}

/**
 * The rows of a roster CSV as they arrive, `size` at a time: nothing holds the whole file (csv-parse
 * streams; decision 0030). The header names the columns (ours or OneRoster's); a file whose header
 * lacks one, that is not CSV, or that has more than ROSTER_MAX_ROWS rows is refused (422).
 */
export async function* rosterFileBatches(body: Readable, size: number): AsyncGenerator<FileRow[]> {
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    // A field longer than this is no name, e-mail or role: the file is not a roster.
    max_record_size: 4096,
  });
  const limited = byteLimit(ROSTER_MAX_BYTES);
  limited.on('error', (error) => parser.destroy(error));
  body.on('error', (error) => parser.destroy(error));
  body.pipe(limited).pipe(parser);
  let columns: Map<number, RosterField> | undefined;
  let batch: FileRow[] = [];
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!columns) {
        columns = rosterColumns(record);
        if (!columns) throw new AppError('unprocessable', ROSTER_MESSAGES.missingColumns);
        continue;
      }
      count += 1;
      if (count > ROSTER_MAX_ROWS) throw new AppError('unprocessable', ROSTER_MESSAGES.tooManyRows);
      const fields: FileRow['fields'] = {};
      for (const [index, field] of columns) fields[field] = record[index] ?? '';
      batch.push({ row: info.lines, fields });
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError('unprocessable', `${ROSTER_MESSAGES.notCsv} (${error.message})`);
    }
    throw error;
  } finally {
    body.unpipe(limited);
    body.resume();
  }
  if (!columns) throw new AppError('unprocessable', ROSTER_MESSAGES.missingColumns);
  if (count === 0) throw new AppError('unprocessable', ROSTER_MESSAGES.emptyFile);
  if (batch.length > 0) yield batch;
}
