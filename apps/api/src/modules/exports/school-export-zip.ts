import { Readable } from 'node:stream';
import { csvLine, UTF8_BOM } from '@wellbank/domain';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import type { SchoolExportFile } from './school-export-file.ts';

/** CSV lines gathered into one chunk before it is handed on: fewer, larger writes. */
const LINES_PER_CHUNK = 200;

/** A file's CSV text as a stream that reads its next rows only when the reader wants more. */
export function csvStream(file: SchoolExportFile, db: Db, schoolId: number): Readable {
  async function* chunks() {
    yield UTF8_BOM + csvLine(file.header);
    let chunk = '';
    let lines = 0;
    for await (const row of file.rows(db, schoolId)) {
      chunk += csvLine(row);
      lines += 1;
      if (lines === LINES_PER_CHUNK) {
        yield chunk;
        chunk = '';
        lines = 0;
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/**
 * The school's export as a ZIP stream (decision 0021). yazl deflates with Node's zlib, off the
 * event loop, and reads one entry at a time: an entry's CSV stream is made only when its turn
 * comes (`addReadStreamLazy`), and it is read only as fast as the ZIP is consumed, so a slow
 * download pauses the database reads instead of piling rows up in memory (backpressure through
 * every pipe). A read that fails ends the ZIP stream with that error, so the download is cut
 * short rather than ending in a ZIP that looks whole.
 */
export function schoolExportZip(
  files: readonly SchoolExportFile[],
  db: Db,
  schoolId: number,
  now: Date,
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  for (const file of files) {
    zip.addReadStreamLazy(file.name, { mtime: now }, (callback) => {
      current = csvStream(file, db, schoolId);
      current.once('error', (error) => output.destroy(error));
      callback(null, current);
    });
  }
  // A download given up half-way: end the entry being read, so its rows stop being fetched.
  output.once('close', () => current?.destroy());
  zip.end();
  return output;
}
