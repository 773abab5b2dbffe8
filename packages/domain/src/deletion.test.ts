import { describe, expect, it } from 'vitest';
import { schoolPurgeDateText } from './deletion.ts';

describe('schoolPurgeDateText', () => {
  it("writes the purge date in the reader's language", () => {
    const noon = '2026-12-29T12:00:00.000Z';
    expect(schoolPurgeDateText(noon, 'en')).toBe('Tuesday, December 29, 2026');
    expect(schoolPurgeDateText(noon, 'es')).toBe('martes, 29 de diciembre de 2026');
  });
});
