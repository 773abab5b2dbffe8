import {
  type LinkedSignIns,
  SIGN_IN_MESSAGES,
  type SignInProvider,
  type SignInProviderId,
  schoolDate,
} from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';

/** The district accounts linked to a user's account, oldest first, and whether it has a password. */
export async function listLinkedSignIns(
  db: Db,
  user: { id: number; timeZone: string },
  providers: readonly SignInProvider[],
): Promise<LinkedSignIns> {
  const userId = user.id;
  const [account] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound();
  const links = await db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.createdAt, userIdentities.id);
  return {
    sign_ins: links.map((link) => ({
      provider: link.provider,
      // A provider the deployment no longer configures is still listed, so it can be unlinked.
      name: providers.find((provider) => provider.id === link.provider)?.name ?? link.provider,
      email: link.email,
      created_at: link.createdAt.toISOString(),
      created_on: schoolDate(link.createdAt, user.timeZone),
    })),
    has_password: account.hasPassword,
  };
}

/**
 * Unlinks a district account, refused (422) when it is the account's last way in: no password and
 * no other link. The user's row is locked first, so of two parallel unlinks of an account's last
 * two links the second sees the first's delete and is refused.
 */
export async function unlinkSignIn(
  db: Db,
  actor: AuditActor,
  provider: SignInProviderId,
): Promise<void> {
  const userId = actor.actorUserId;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const deleted = await queryRows<{ id: number }>(
      tx,
      sql`delete from ${userIdentities}
where ${userIdentities.userId} = ${userId} and ${userIdentities.provider} = ${provider}
  and (exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.passwordHash} is not null)
    or exists (select 1 from ${userIdentities} other where other.user_id = ${userId}
      and other.provider <> ${provider}))
returning id`,
    );
    if (deleted.length === 0) {
      const [link] = await tx
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
      if (!link) throw notFound();
      throw new AppError('unprocessable', SIGN_IN_MESSAGES.lastWayIn);
    }
    await recordAudit(tx, { ...actor, action: 'sign_in.unlink', detail: provider });
  });
}
