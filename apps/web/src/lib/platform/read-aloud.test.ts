import { afterEach, describe, expect, it, vi } from 'vitest';
import { readableText, speak } from './read-aloud';

function main(html: string): HTMLElement {
  const element = document.createElement('main');
  element.innerHTML = html;
  document.body.replaceChildren(element);
  return element;
}

describe('readableText', () => {
  it('reads the visible words in order, one sentence per block, inline parts joined, a repeat said once', () => {
    const root = main(`
      <h1>Rest/<wbr>Mindfulness <span>$1.00</span></h1>
      <p>Take time to <strong>breathe</strong></p>
      <fieldset><legend class="sr-only">Cups of water</legend><label>Cups of water</label></fieldset>
      <dl><div><dt>Fruit</dt><dd>3</dd></div></dl>
    `);
    expect(readableText(root)).toBe(
      'Rest/Mindfulness $1.00.\nTake time to breathe.\nCups of water.\nFruit.\n3.',
    );
  });

  it('says the labels of pictures and icon-only controls instead of their drawing', () => {
    const root = main(`
      <fieldset><legend>How stressed do you feel?</legend>
        <label><input type="radio" name="s" aria-label="1, no stress"><span aria-hidden="true">☺ 1</span></label>
        <label><input type="radio" name="s" aria-label="2, a little stress"><span aria-hidden="true">2</span></label>
      </fieldset>
      <button type="button" aria-label="Add 1 cup to Cups of water"><svg><path d="M0"/></svg></button>
      <input type="number" aria-label="Cups of water" value="4">
      <span role="img" aria-label="Food level green"></span>
      <button type="button">Okay, I'm done for now</button>
    `);
    expect(readableText(root).split('\n')).toEqual([
      'How stressed do you feel?',
      '1, no stress.',
      '2, a little stress.',
      'Add 1 cup to Cups of water.',
      '4.',
      'Food level green.',
      "Okay, I'm done for now.",
    ]);
  });

  it('leaves out what is hidden, the live region and the read-aloud button, and keeps sr-only words', () => {
    const root = main(`
      <div data-read-aloud-skip><button>Read aloud</button></div>
      <p aria-hidden="true">decoration</p>
      <p hidden>closed list</p>
      <p style="display: none">not shown</p>
      <p role="status">Saving...</p>
      <section aria-label="Account"><h1>My account</h1><p class="sr-only">Today's colour: green</p></section>
    `);
    expect(readableText(root)).toBe("My account.\nToday's colour: green.");
  });
});

describe('speak', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'en-US'],
    ['es', 'es-ES'],
  ] as const)('speaks the words in the page language %s as %s', (language, lang) => {
    class Utterance {
      lang = '';
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readonly text: string;
      constructor(text: string) {
        this.text = text;
      }
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    const spoken: Utterance[] = [];
    const synthesis = { cancel: vi.fn(), speak: (u: Utterance) => spoken.push(u) };
    const onEnd = vi.fn();
    speak(synthesis as unknown as SpeechSynthesis, 'Hola.', language, onEnd);
    expect(spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([{ text: 'Hola.', lang }]);
    spoken[0]?.onend?.();
    expect(onEnd).toHaveBeenCalledOnce();
  });
});
