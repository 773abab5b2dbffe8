import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { SchoolExportFile } from './school-export-file.ts';
import { schoolExportZip } from './school-export-zip.ts';

/** The files read no database: they make their rows and count what was asked of them. */
const noDb = {} as Db;

function countingFile(name: string, rowCount: number, pulled: { rows: number }): SchoolExportFile {
  return {
    name,
    header: ['n', 'text'],
    async *rows() {
      for (let n = 0; n < rowCount; n += 1) {
        pulled.rows += 1;
        yield [n, `row ${n} of ${name}, with some text to make it long enough to matter`];
      }
    },
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The rows made once two looks 200 ms apart agree (at most 20 s: a busy machine is slow). */
async function rowsOnceSettled(pulled: { rows: number }): Promise<number> {
  let previous = -1;
  for (let look = 0; look < 100 && pulled.rows !== previous; look += 1) {
    previous = pulled.rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return pulled.rows;
}

describe('schoolExportZip', () => {
  it('writes each file as a UTF-8 CSV entry with its header', async () => {
    const pulled = { rows: 0 };
    const files = [countingFile('a.csv', 3, pulled), countingFile('b.csv', 0, pulled)];
    const zip = unzipSync(
      new Uint8Array(await readAll(schoolExportZip(files, noDb, 1, new Date()))),
    );
    expect(Object.keys(zip)).toEqual(['a.csv', 'b.csv']);
    const a = new TextDecoder('utf-8', { ignoreBOM: false }).decode(zip['a.csv']);
    expect(a.split('\r\n')).toEqual([
      'n,text',
      '0,"row 0 of a.csv, with some text to make it long enough to matter"',
      '1,"row 1 of a.csv, with some text to make it long enough to matter"',
      '2,"row 2 of a.csv, with some text to make it long enough to matter"',
      '',
    ]);
    expect(zip['b.csv']?.[0]).toBe(0xef); // the UTF-8 byte order mark
  });

  it('reads rows only as fast as the ZIP is consumed (backpressure), not the whole school', async () => {
    const pulled = { rows: 0 };
    const output = schoolExportZip(
      [countingFile('big.csv', 1_000_000, pulled)],
      noDb,
      1,
      new Date(),
    );
    // Read one chunk, then stop reading: once the pipes are full (deflate runs on the thread
    // pool, so they fill a little after the last read), no more rows may be made.
    await new Promise((resolve) => output.once('readable', resolve));
    output.read();
    const settled = await rowsOnceSettled(pulled);
    expect(settled).toBeLessThan(100_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled.rows).toBe(settled);
    output.destroy();
  });

  it('stops reading rows when the download is given up', async () => {
    const pulled = { rows: 0 };
    const output = schoolExportZip(
      [countingFile('big.csv', 1_000_000, pulled)],
      noDb,
      1,
      new Date(),
    );
    for await (const _chunk of output) break;
    const atClose = await rowsOnceSettled(pulled);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled.rows).toBe(atClose);
    expect(pulled.rows).toBeLessThan(1_000_000);
  });

  it('fails the ZIP stream when a read fails, so no ZIP that looks whole is sent', async () => {
    const failing: SchoolExportFile = {
      name: 'broken.csv',
      header: ['n'],
      async *rows() {
        yield [1];
        throw new Error('database gone');
      },
    };
    await expect(readAll(schoolExportZip([failing], noDb, 1, new Date()))).rejects.toThrow(
      'database gone',
    );
  });
});
