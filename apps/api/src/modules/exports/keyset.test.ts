import { describe, expect, it } from 'vitest';
import { keysetRows } from './keyset.ts';

describe('keysetRows', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
  const reads: Array<number | undefined> = [];
  const readPage = async (after: { id: number } | undefined, size: number) => {
    reads.push(after?.id);
    return rows.filter((row) => row.id > (after?.id ?? 0)).slice(0, size);
  };

  it('reads every row once, each page after the last row of the one before', async () => {
    reads.length = 0;
    const read = [];
    for await (const row of keysetRows(readPage, 3)) read.push(row.id);
    expect(read).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reads).toEqual([undefined, 3, 6]);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    reads.length = 0;
    const read = [];
    for await (const row of keysetRows(readPage, 7)) read.push(row.id);
    expect(read).toHaveLength(7);
    expect(reads).toEqual([undefined, 7]);
  });

  it('reads the next page only when the reader wants its rows', async () => {
    reads.length = 0;
    for await (const row of keysetRows(readPage, 3)) if (row.id === 2) break;
    expect(reads).toEqual([undefined]);
  });
});
