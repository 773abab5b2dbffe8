import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

type Token = CompiledMessage[number];
type Cases = Record<string, CompiledMessage>;

/**
 * Compiles an ICU message at run time, for the English texts that the build keeps in the code
 * instead of a catalog (decision 0033): plain text, `{name}` placeholders, `plural`,
 * `selectordinal` and `select` with `#`, and ICU quoting (`''`, `'{'`). Lingui's own compiler
 * (@lingui/message-utils) handles the whole of ICU but costs about 6 kB gzip on every page;
 * i18n/compile-message.test.ts checks this one gives the same result for every catalog message.
 * A message it cannot read is shown as it is.
 */
export function compileMessage(message: string): CompiledMessage {
  if (!/[{}']/.test(message)) return [message];
  try {
    const { tokens, end } = parseTokens(message, 0, false);
    if (end !== message.length) throw new Error('unbalanced }');
    return tokens;
  } catch {
    return [message];
  }
}

function parseTokens(text: string, start: number, inPlural: boolean) {
  const tokens: Token[] = [];
  let content = '';
  let i = start;
  const flush = () => {
    if (content) tokens.push(content);
    content = '';
  };
  while (i < text.length) {
    const char = text[i];
    if (char === '}') break;
    if (char === "'") {
      const quoted = readQuote(text, i, inPlural);
      content += quoted.text;
      i = quoted.end;
    } else if (char === '#' && inPlural) {
      flush();
      tokens.push('#');
      i += 1;
    } else if (char === '{') {
      flush();
      const argument = parseArgument(text, i + 1, inPlural);
      tokens.push(argument.token);
      i = argument.end;
    } else {
      content += char;
      i += 1;
    }
  }
  flush();
  return { tokens, end: i };
}

/** `''` is one apostrophe; `'` before `{`, `}` (or `#` in a plural) quotes up to the next `'`. */
function readQuote(text: string, start: number, inPlural: boolean) {
  const next = text[start + 1];
  if (next === "'") return { text: "'", end: start + 2 };
  if (next !== '{' && next !== '}' && !(inPlural && next === '#')) {
    return { text: "'", end: start + 1 };
  }
  let quoted = '';
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === "'") {
      if (text[i + 1] !== "'") return { text: quoted, end: i + 1 };
      quoted += "'";
      i += 2;
    } else {
      quoted += text[i];
      i += 1;
    }
  }
  return { text: quoted, end: i };
}

function readUntil(text: string, start: number, stops: string): { value: string; end: number } {
  let i = start;
  while (i < text.length && !stops.includes(text[i] ?? '')) i += 1;
  if (i >= text.length) throw new Error('unclosed {');
  return { value: text.slice(start, i).trim(), end: i };
}

function parseArgument(
  text: string,
  start: number,
  inPlural: boolean,
): { token: Token; end: number } {
  const name = readUntil(text, start, ',}');
  if (text[name.end] === '}') return { token: [name.value], end: name.end + 1 };
  const type = readUntil(text, name.end + 1, ',}');
  if (text[type.end] === '}') return { token: [name.value, type.value], end: type.end + 1 };
  if (type.value !== 'plural' && type.value !== 'selectordinal' && type.value !== 'select') {
    const param = readUntil(text, type.end + 1, '}');
    return { token: [name.value, type.value, param.value], end: param.end + 1 };
  }
  const cases: Cases = {};
  let i = type.end + 1;
  const counts = type.value !== 'select' || inPlural;
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i += 1;
    if (i >= text.length) throw new Error('unclosed {');
    if (text[i] === '}') break;
    const key = readUntil(text, i, '{');
    if (!key.value || /\s/.test(key.value)) throw new Error('bad case');
    const body = parseTokens(text, key.end + 1, counts);
    if (text[body.end] !== '}') throw new Error('unclosed case');
    cases[key.value.startsWith('=') ? key.value.slice(1) : key.value] = body.tokens;
    i = body.end + 1;
  }
  const format = type.value === 'select' ? cases : { offset: undefined, ...cases };
  return { token: [name.value, type.value, format] as Token, end: i + 1 };
}
