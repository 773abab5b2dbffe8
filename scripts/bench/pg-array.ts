/**
 * A PostgreSQL array literal, passed as one text parameter and cast in SQL (`$1::int[]`), so a
 * bulk insert is one `unnest` statement on both drivers instead of thousands of parameters.
 * Text is quoted, so an element may hold commas, braces and quotes (a JSON object).
 */
export function pgArray(values: readonly (number | string | boolean)[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

function arrayElement(value: number | string | boolean): string {
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
