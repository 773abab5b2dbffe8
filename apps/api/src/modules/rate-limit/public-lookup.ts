import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { hitRateLimit, RATE_LIMITS } from './rate-limit.service.ts';

interface PublicLookup<Query extends z.ZodType> {
  /** `/schools` or `/teams`: the lookup answers at the path, the reading by id below it. */
  path: string;
  querystring: Query;
  /** The answers' schemas, which check (and cut) what the finders return. */
  found: z.ZodType;
  foundById: z.ZodType;
  byQuery: (db: Db, query: z.infer<Query>) => Promise<object | undefined>;
  byId: (db: Db, id: number) => Promise<object | undefined>;
  /** What a lookup that finds nothing says (the form shows it); an unknown id is "not found". */
  notFoundMessage: string;
}

/**
 * The public lookup of a thing a person was given (a school by its code, a team by its captain's
 * e-mail) and the reading of one by id. Both spend one budget per client address: ids are
 * sequential, so reading them all is a lookup like the other.
 */
export function publicLookupRoutes<Query extends z.ZodType>(
  app: App,
  { db, now }: AppContext,
  lookup: PublicLookup<Query>,
) {
  app.get(
    lookup.path,
    {
      schema: { querystring: lookup.querystring, response: responses({ 200: lookup.found }) },
    },
    async (request) => {
      await hitRateLimit(db, RATE_LIMITS.publicLookup, clientAddress(request), now());
      const found = await lookup.byQuery(db, request.query as z.infer<Query>);
      if (!found) throw new AppError('not_found', lookup.notFoundMessage);
      return found;
    },
  );

  app.get(
    `${lookup.path}/:id`,
    { schema: { params: idParams, response: responses({ 200: lookup.foundById }) } },
    async (request) => {
      await hitRateLimit(db, RATE_LIMITS.publicLookup, clientAddress(request), now());
      const found = await lookup.byId(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
}
