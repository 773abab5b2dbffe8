import { z } from 'zod';

/** `/{id}` path parameters. A malformed id is answered 404, like an unknown one. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
