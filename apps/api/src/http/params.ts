import { z } from 'zod';

/**
 * A path id is written one way only: canonical decimal, no sign, no leading zero, no spaces, no
 * fraction or exponent, within PostgreSQL's int4 ids. `/users/03`, `/users/3.0`, `/users/0x3` and
 * `/users/%203` name nothing; they would otherwise be aliases of `/users/3` that slip past any
 * rule, log or cache keyed on the path. A malformed id is answered 404, like an unknown one.
 */
export const pathId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));

/** `/{id}` path parameters. */
export const idParams = z.object({ id: pathId });
