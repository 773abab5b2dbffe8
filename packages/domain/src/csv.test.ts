import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, neutraliseFormula } from './csv.ts';

/** A strict RFC 4180 reader of one line (the test's own, so it does not share the writer's bugs). */
function readLine(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const body = line.slice(0, -2);
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (body[i] === '"') {
      i += 1;
      for (;;) {
        const quote = body.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += body.slice(i, quote);
        if (body[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const comma = body.indexOf(',', i);
      const end = comma < 0 ? body.length : comma;
      field = body.slice(i, end);
      expect(field).not.toMatch(/["\r\n]/);
      i = end;
    }
    fields.push(field);
    if (i >= body.length) return fields;
    expect(body[i]).toBe(',');
    i += 1;
  }
}

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

describe('csvLine', () => {
  it('quotes a field with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere"\r\n',
    );
  });

  it('writes numbers, booleans and empty cells as they are', () => {
    expect(csvLine([3, -1.25, true, false, null, undefined, ''])).toBe('3,-1.25,true,false,,,\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('makes the text cell %j a quoted text starting with an apostrophe', (text, written) => {
    expect(csvLine([text])).toBe(`${written}\r\n`);
  });

  it('leaves text that does not start like a formula alone, accents too', () => {
    expect(neutraliseFormula('Élodie O’Brien = 1')).toBe('Élodie O’Brien = 1');
    expect(csvField('Élodie O’Brien = 1')).toBe('Élodie O’Brien = 1');
  });

  it('reads back as the same cells, a neutralised one with its apostrophe (property)', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.tuple(fc.constantFrom(...FORMULA_STARTS), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
        expect(readLine(csvLine(cells))).toEqual(cells.map(neutraliseFormula));
      }),
    );
  });

  it('never writes a field that a spreadsheet would start as a formula (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const field = csvField(text);
        const shown = field.startsWith('"') ? field.slice(1) : field;
        expect(FORMULA_STARTS.some((start) => shown.startsWith(start))).toBe(false);
      }),
    );
  });
});
