import type { Language } from '@wellbank/domain';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** School and team names are typed by users: every text goes into the page escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A downloaded receipt (issue 35 §2): a standalone HTML document, readable on screen and printed
 * on one page, showing exactly the lines of the receipt mail (`paymentReceiptText`).
 */
export function receiptPage(
  receipt: { title: string; lines: string[] },
  language: Language,
): string {
  const title = escapeHtml(receipt.title);
  const lines = receipt.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; color: #0f172a; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.25rem; margin: 0; }
h2 { font-size: 1.1rem; }
@page { margin: 2cm; }
@media print { body { margin: 0; max-width: none; } }
</style>
</head>
<body>
<h1>Wellbank</h1>
<h2>${title}</h2>
${lines}
</body>
</html>
`;
}
