import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to (issue #16 §7): after the @ and
 * before each dot, as the Chicago Manual of Style breaks URLs, and only inside a part when that
 * part alone is wider than its cell. From 1024 px it stays on one line: a desk's table has the
 * room, and a table that still does not fit scrolls sideways (`DataTable`). (A box as wide as its
 * one line, not `nowrap`: Chrome breaks at a `<wbr>` even where white space may not wrap.)
 */
export function EmailText({ email }: { email: string }) {
  const parts = emailParts(email);
  return (
    <span className="[overflow-wrap:anywhere] lg:inline-block lg:w-max">
      {parts.map((part, index) => (
        // The parts of one address never reorder: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The pieces between which an address may wrap: after the @, before each dot. */
export function emailParts(email: string): string[] {
  return email.split(/(?=\.)|(?<=@)/);
}
