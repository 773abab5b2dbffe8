// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileMessage } from './compile-message';

const ROOT = join(import.meta.dirname, '../../../..');
const CATALOGS = ['apps/web/src/locales', 'packages/domain/locales'].flatMap((dir) =>
  ['en.po', 'es.po'].map((file) => join(ROOT, dir, file)),
);

/** Every msgid and msgstr of a .po file, continuation lines joined. */
function poTexts(path: string): string[] {
  const texts: string[] = [];
  let current: string[] | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start?.[2]) {
      current = [JSON.parse(start[2]) as string];
      texts.push('');
    } else if (current && line.startsWith('"')) {
      current.push(JSON.parse(line) as string);
    } else {
      current = undefined;
    }
    if (current) texts[texts.length - 1] = current.join('');
  }
  return texts.filter((text) => text !== '' && !text.startsWith('POT-Creation-Date'));
}

const FIXTURES = [
  'Hello',
  "Don't go",
  'Hi {name}!',
  "It''s '{literal}' ok",
  '{count, plural, one {# day} other {# days}}',
  "You have {n, plural, =0 {none} one {one {thing}} other {# things, '#' sign}} left",
  'a # b',
  '<0>Read</0> the {0}',
  '{g, select, male {he} other {they}}',
  '{n, selectordinal, one {#st} two {#nd} other {#th}}',
];

describe('compileMessage (the run-time compiler of English texts)', () => {
  it.each([...FIXTURES, ...new Set(CATALOGS.flatMap(poTexts))])(
    'reads %j as Lingui does',
    (text) => {
      expect(compileMessage(text)).toEqual(linguiCompile(text));
    },
  );

  it('shows a message it cannot read as it is', () => {
    expect(compileMessage('Broken {name')).toEqual(['Broken {name']);
  });
});
