/**
 * Every row of a query read in keyset pages: each page is "the next `pageSize` rows after the
 * last one", one short statement that holds no transaction, cursor or connection between pages,
 * on node-postgres and PGlite alike (PGlite's one connection stays free for other requests
 * between two pages). Memory holds one page; the consumer's pace decides when the next is read.
 * Rows changed while the export runs may show in their old or new state (no snapshot), as in
 * the paged lists (modules/school-users/README.md).
 */
export async function* keysetRows<Row>(
  readPage: (after: Row | undefined, pageSize: number) => Promise<Row[]>,
  pageSize: number,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await readPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}
