import type { Language, SignInProvider } from '@wellbank/domain';
import {
  addDays,
  type ConsentKind,
  localDate,
  type PublicSchool,
  type SchoolLookup,
  type SchoolSignupRequest,
  type SessionRecord,
} from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools, semesters } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { openSession } from '../auth/sessions.ts';
import { recordConsents } from '../consents/consents.service.ts';
import { createAccount } from '../users/users.service.ts';
import { SCHOOL_WELCOME_MAIL } from './school-welcome-mail.job.ts';

/** DESIGN.md §1.5: a new school works at once with a first active interval. */
const FIRST_SEMESTER_DAYS = 120;
const FIRST_SEMESTER_POINTS_NEEDED = 1000;

/** A school sign-up's form, with what the server adds to it. */
interface NewSchool {
  request: SchoolSignupRequest;
  passwordHash: string;
  now: Date;
  language: Language;
  /** Mails the coordinator's confirmation link (decision 0044) and the welcome (0061). */
  jobs: Pick<JobQueue, 'send'>;
}

/**
 * Signs a school up in one transaction: the school, its coordinator, their two agreements (the
 * form's checkboxes: parental consent and the policies, SPEC.md §5) and their first session.
 */
export function signUpSchool(
  db: Db,
  options: NewSchool & { clientAddress: string; providers: readonly SignInProvider[] },
): Promise<SessionRecord> {
  const { now, clientAddress } = options;
  return db.transaction(async (tx) => {
    const userId = await createSchool(tx, options);
    await options.jobs.send(tx, SCHOOL_WELCOME_MAIL, { userId });
    const kinds: ConsentKind[] = ['parental_consent', 'policies'];
    await recordConsents(tx, { userId, kinds, clientAddress, now });
    return openSession(tx, userId, now, { method: 'password', providers: options.providers });
  });
}

/**
 * Creates the school, its coordinator (admin + staff, captain of their own team) and its first
 * interval. Returns the coordinator's user id. A taken code or e-mail fails on its unique index.
 */
async function createSchool(db: Db, options: NewSchool): Promise<number> {
  const { school, user } = options.request;
  const [created] = await db
    .insert(schools)
    .values({
      name: school.name,
      code: school.code,
      timeZone: school.time_zone,
      contactName: school.contact_name,
      contactEmail: school.contact_email,
      contactPhone: school.contact_phone,
      address: school.address,
      city: school.city,
      state: school.state,
      zipCode: school.zip_code,
    })
    .returning({ id: schools.id });
  if (!created) throw new Error('insert into schools returned no row');
  const today = localDate(options.now, school.time_zone);
  await db.insert(semesters).values({
    schoolId: created.id,
    startDate: today,
    endDate: addDays(today, FIRST_SEMESTER_DAYS),
    pointsNeeded: FIRST_SEMESTER_POINTS_NEEDED,
    isActive: true,
  });
  return createAccount(db, {
    schoolId: created.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    passwordHash: options.passwordHash,
    roles: ['admin', 'staff'],
    language: user.language ?? options.language,
    emailProof: { jobs: options.jobs },
    now: options.now,
  });
}

/**
 * Public view of a school: id and name only, never its contact data. By id, by code, or by both
 * (joining: the id must come with its code, DESIGN.md §1.5).
 */
export async function findPublicSchool(
  db: Db,
  where: { id: number } | { code: string } | { id: number; code: string },
): Promise<PublicSchool | undefined> {
  const byId = 'id' in where ? eq(schools.id, where.id) : undefined;
  const byCode = 'code' in where ? eq(schools.code, where.code) : undefined;
  const [school] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(byId, byCode));
  return school;
}

/**
 * The school a join code names, and whether its subscription is paid (issue #16 §7): the code
 * proves the caller may join, and a student learns before signing up that the app opens once
 * the coordinator has paid.
 */
export async function findSchoolByCode(db: Db, code: string): Promise<SchoolLookup | undefined> {
  const [school] = await queryRows<SchoolLookup>(
    db,
    sql`select s.id, s.name, exists(select 1 from payments p
        where p.school_id = s.id and p.kind = 'subscription') as subscription_active
      from schools s where s.code = ${code}`,
  );
  return school;
}
