import {
  type SchoolSignInMethods,
  SIGN_IN_MESSAGES,
  SIGN_IN_RESTRICTIONS,
  type SignInProvider,
} from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schoolSignInMethods, schools } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';

/**
 * The coordinator's "Sign-in methods" page (decision 0050): each configured provider on or off,
 * perhaps narrowed to the school's domain, tenant or district, and "district sign-in only".
 * A provider without a row is on, unnarrowed; rows of providers no longer configured are kept,
 * so configuring one again does not quietly open it.
 */
export async function readSignInMethods(
  db: Db,
  schoolId: number,
  providers: readonly SignInProvider[],
): Promise<SchoolSignInMethods> {
  const [school] = await db
    .select({ districtOnly: schools.districtSignInOnly })
    .from(schools)
    .where(eq(schools.id, schoolId));
  const rows = await db
    .select()
    .from(schoolSignInMethods)
    .where(eq(schoolSignInMethods.schoolId, schoolId));
  return {
    providers: providers.map(({ id }) => {
      const row = rows.find((method) => method.provider === id);
      return { id, enabled: row?.enabled ?? true, restriction: row?.restriction ?? null };
    }),
    district_only: school?.districtOnly ?? false,
  };
}

/** 422 for a provider the deployment did not configure, listed twice, or narrowed without a claim. */
function checkMethods(methods: SchoolSignInMethods, providers: readonly SignInProvider[]): void {
  const seen = new Set<string>();
  for (const method of methods.providers) {
    if (!providers.some((provider) => provider.id === method.id)) {
      throw new AppError('unprocessable', SIGN_IN_MESSAGES.providerNotConfigured);
    }
    if (seen.has(method.id)) {
      throw new AppError('unprocessable', SIGN_IN_MESSAGES.providerListedTwice);
    }
    seen.add(method.id);
    if (method.restriction !== null && SIGN_IN_RESTRICTIONS[method.id] === null) {
      throw new AppError('unprocessable', SIGN_IN_MESSAGES.providerNotNarrowed);
    }
  }
}

/**
 * Saves the page in one transaction with one activity-log entry. The school's row is locked first,
 * so two saves run one after the other and "district sign-in only" is checked against the methods
 * as they are once this save's rows are written: never left on with every provider off.
 */
export async function saveSignInMethods(
  db: Db,
  actor: AuditActor,
  input: { methods: SchoolSignInMethods; providers: readonly SignInProvider[] },
): Promise<SchoolSignInMethods> {
  const { methods, providers } = input;
  const { schoolId } = actor;
  checkMethods(methods, providers);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${schools} where ${schools.id} = ${schoolId} for update`);
    for (const method of methods.providers) {
      const values = { enabled: method.enabled, restriction: method.restriction };
      await tx
        .insert(schoolSignInMethods)
        .values({ schoolId, provider: method.id, ...values })
        .onConflictDoUpdate({
          target: [schoolSignInMethods.schoolId, schoolSignInMethods.provider],
          set: values,
        });
    }
    await tx
      .update(schools)
      .set({ districtSignInOnly: methods.district_only })
      .where(eq(schools.id, schoolId));
    const saved = await readSignInMethods(tx, schoolId, providers);
    if (saved.district_only && !saved.providers.some((method) => method.enabled)) {
      throw new AppError('unprocessable', SIGN_IN_MESSAGES.districtOnlyNeedsProvider);
    }
    await recordAudit(tx, { ...actor, action: 'sign_in_methods.update' });
    return saved;
  });
}
