import { describe, expect, it } from 'vitest';
import { EMPTY_OUTBOX, type QueuedWrite, withDropped, withoutWrite, withWrite } from './outbox';

function write(id: string, date: string, type: QueuedWrite['type'], cups = 1): QueuedWrite {
  return { id, date, type, values: { cups }, savedAt: 0 };
}

describe('withWrite', () => {
  it('keeps writes oldest first and only the latest per day and activity type', () => {
    let outbox = withWrite(EMPTY_OUTBOX, write('a', '2026-11-23', 'water', 1));
    outbox = withWrite(outbox, write('b', '2026-11-23', 'sleep'));
    outbox = withWrite(outbox, write('c', '2026-11-23', 'water', 3));
    outbox = withWrite(outbox, write('d', '2026-11-22', 'water', 2));
    expect(outbox.writes.map((w) => w.id)).toEqual(['b', 'c', 'd']);
    expect(outbox.writes[1]?.values).toEqual({ cups: 3 });
  });
});

describe('withoutWrite', () => {
  it('does not remove a newer save that replaced the one sent', () => {
    const sent = write('a', '2026-11-23', 'water', 1);
    const outbox = withWrite(withWrite(EMPTY_OUTBOX, sent), write('b', '2026-11-23', 'water', 2));
    expect(withoutWrite(outbox, 'a').writes.map((w) => w.id)).toEqual(['b']);
  });
});

describe('withDropped', () => {
  it('moves a refused write to the dropped list with its reason', () => {
    const refused = write('a', '2026-11-20', 'water');
    const outbox = withDropped(withWrite(EMPTY_OUTBOX, refused), refused, 'Too late');
    expect(outbox.writes).toEqual([]);
    expect(outbox.dropped).toEqual([
      { id: 'a', date: '2026-11-20', type: 'water', reason: 'Too late' },
    ]);
  });
});
