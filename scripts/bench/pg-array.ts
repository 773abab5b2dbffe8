/**
 * A PostgreSQL array literal, passed as one text parameter and cast in SQL (`$1::int[]`), so a
 * bulk insert is one `unnest` statement on both drivers instead of thousands of parameters.
 */
export function pgArray(values: readonly (number | string | boolean)[]): string {
  return `{${values.map((value) => (typeof value === 'boolean' ? (value ? 't' : 'f') : value)).join(',')}}`;
}
