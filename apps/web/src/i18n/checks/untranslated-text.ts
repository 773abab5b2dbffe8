import ts from 'typescript';

/** Words that are the same in every language: the product's name. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Wellbank']);

/** Props whose string a person reads or hears. */
const TEXT_PROPS = /^(aria-label|aria-description|placeholder|title|alt|label|hint|[a-z]+Label)$/;

/** Elements whose text is the message itself (Lingui's macros). */
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

const hasLetters = (text: string) =>
  /\p{L}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

/** The string literals an expression can evaluate to as it is: `a ? 'x' : 'y'`, `ok && 'z'`. */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    const joins = [
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.PlusToken,
    ];
    if (joins.includes(kind)) return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  return [];
}

function literalText(node: ts.Node, source: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return node.getText(source);
}

function insideMessage(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent)) {
      const name = parent.openingElement.tagName.getText();
      if (MESSAGE_ELEMENTS.has(name)) return true;
    }
  }
  return false;
}

/**
 * The texts of one TSX file that a user would read untranslated: JSX text with letters outside
 * `<Trans>`, and string literals given to a text prop (aria-label, placeholder, title, alt,
 * label, hint, …Label) or shown as a JSX child (`{done ? 'Saved' : 'Save'}`).
 */
export function untranslatedTexts(file: string, code: string): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(node.text) && !insideMessage(node)) {
      report(node, node.text);
    } else if (ts.isJsxAttribute(node) && TEXT_PROPS.test(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && hasLetters(value.text)) report(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression) {
        for (const literal of literalsOf(value.expression)) {
          const text = literalText(literal, source);
          if (hasLetters(text)) report(literal, text);
        }
      }
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      if (!insideMessage(node)) {
        for (const literal of literalsOf(node.expression)) {
          const text = literalText(literal, source);
          if (hasLetters(text)) report(literal, text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
