import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseFormula } from './csv.ts';

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
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
  ])('makes the text cell %j start as text, not a formula', (text, written) => {
    expect(csvLine([text])).toBe(`${written}\r\n`);
  });

  it('leaves text that does not start like a formula alone, accents too', () => {
    expect(neutraliseFormula('Élodie O’Brien = 1')).toBe('Élodie O’Brien = 1');
  });
});
