import type { Language } from '@/i18n/languages';

/** The voice's language for each of the app's languages (BCP 47, as SpeechSynthesisUtterance takes it). */
export const SPEECH_LANGS: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

/** Marks a part of the page that is not read (the read-aloud button itself). */
export const SKIP_READING = 'data-read-aloud-skip';

/** Elements that flow inside a line of text; every other element starts a line of its own. */
const INLINE = new Set(['A', 'ABBR', 'B', 'CODE', 'EM', 'I', 'SMALL', 'SPAN', 'STRONG', 'WBR']);
const NEVER_READ = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg']);
const CONTROLS = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']);

function isHidden(element: Element): boolean {
  if (NEVER_READ.has(element.tagName) || element.hasAttribute(SKIP_READING)) return true;
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return true;
  // A live region repeats a change already heard ("Saving..."), it is not the page's words.
  if (element.getAttribute('role') === 'status') return true;
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  return style?.display === 'none' || style?.visibility === 'hidden';
}

const LABEL_ROLES = new Set(['img', 'button', 'link', 'radio', 'checkbox']);

/**
 * What a control, a link or a picture says when it has a name of its own: its aria-label, else
 * a field's value; undefined when its content says it (a button with words).
 */
function ownWords(element: Element): string | undefined {
  const named =
    CONTROLS.has(element.tagName) ||
    element.tagName === 'A' ||
    LABEL_ROLES.has(element.getAttribute('role') ?? '');
  if (!named) return undefined;
  const label = element.getAttribute('aria-label')?.trim();
  if (element instanceof HTMLInputElement && element.type !== 'radio') {
    return element.value || label;
  }
  return label || undefined;
}

/**
 * The words of `root` in reading (document) order, one line per block, as a screen reader
 * would say them: hidden parts (aria-hidden, `hidden`, display none) are left out, an element
 * with an aria-label (an icon-only button, a face, a colour swatch) says its label instead of
 * its content, a number field says its value. Visually hidden text (`sr-only`) is read: it is
 * where the pictures' words are. A line the same as the one before is said once.
 */
export function readableText(root: Element): string {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    const sentence = /[.!?:;,]$/.test(text) ? text : `${text}.`;
    // Said once: a group's hidden legend and its label often carry the same words.
    if (text && lines.at(-1) !== sentence) lines.push(sentence);
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element) || isHidden(node)) return;
    const words = ownWords(node);
    if (words !== undefined) {
      // A line of its own: the five faces are five answers, not one sentence.
      endLine();
      line = words;
      endLine();
      return;
    }
    const block = !INLINE.has(node.tagName);
    if (block) endLine();
    for (const child of node.childNodes) walk(child);
    if (block) endLine();
  };
  walk(root);
  endLine();
  return lines.join('\n');
}

/** Speaks `text` in `language` on this device; `onEnd` runs when it is done, stopped or failed. */
export function speak(
  synthesis: SpeechSynthesis,
  text: string,
  language: Language,
  onEnd: () => void,
): void {
  synthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = SPEECH_LANGS[language];
  utterance.onend = onEnd;
  utterance.onerror = onEnd;
  synthesis.speak(utterance);
}
