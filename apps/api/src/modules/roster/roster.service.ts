import type { Readable } from 'node:stream';
import type { Language } from '@wellbank/domain';
import {
  INVITATION_LIFETIME_DAYS,
  parseRosterRow,
  ROSTER_MESSAGES,
  type RosterCounts,
  type RosterResponse,
  type RosterRow,
  type RosterRowResult,
  rosterAuditDetail,
} from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { invitations } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { INVITATION_MAIL } from './invitation-mail.job.ts';
import { type FileRow, rosterFileBatches } from './roster-file.ts';
import { studentPlaces } from './student-places.ts';
import {
  createStudentWithoutEmail,
  existingStudentKeys,
  studentKey,
} from './students-without-email.ts';

/** Rows looked up and written together: one statement of each kind per batch. */
const BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who an e-mail already is: the school of its account, of its open invitation. */
interface Known {
  userSchoolId?: number;
  invitationSchoolId?: number;
}

/**
 * Imports a roster in one transaction, as `processRoster` writes it, with its line in the activity
 * log. `open` reads the spooled file from its start: a run of the transaction after a deadlock
 * opens it again (decision 0042).
 */
export function importRoster(
  db: Db,
  actor: AuditActor,
  options: {
    schoolId: number;
    open: () => Readable;
    now: Date;
    jobs: AppContext['jobs'];
    language: Language;
  },
): Promise<RosterResponse> {
  const { open, ...rest } = options;
  return db.transaction(async (tx) => {
    const result = await processRoster(tx, { ...rest, body: open(), write: true });
    const detail = rosterAuditDetail(result.counts);
    await recordAudit(tx, { ...actor, action: 'roster.import', detail });
    return result;
  });
}

/**
 * Reads a roster file as it arrives and sorts each row into new / created / member / invited /
 * error (docs/rules.md "Roster"). With `write`, inside the caller's transaction, the new rows
 * become invitations and their mail jobs, and the students' rows with no e-mail become accounts
 * (decision 0063); the school's row is locked first, so two imports (or additions by hand) of one
 * school cannot both fill the last places under the cap. The preview answers every row; an import
 * only the refused ones (with the counts), so besides the e-mails and names seen it holds one
 * batch at a time.
 */
export async function processRoster(
  db: Db,
  options: {
    schoolId: number;
    body: Readable;
    write: boolean;
    now: Date;
    jobs: AppContext['jobs'];
    /** The importer's language: the invitations are written in it (decision 0034). */
    language?: Language;
  },
): Promise<RosterResponse> {
  const { schoolId, write, now } = options;
  const { cap, taken } = await studentPlaces(db, { schoolId, now, lock: write });
  let students = taken;
  const counts: RosterCounts = { new: 0, created: 0, member: 0, invited: 0, error: 0 };
  const rows: RosterRowResult[] = [];
  /** The first row of each e-mail, and of each student without one, in the file. */
  const seen = new Map<string, number>();
  for await (const batch of rosterFileBatches(options.body, BATCH_SIZE)) {
    const parsed = batch.map((line) => checkRow(line, seen));
    const valid = parsed.flatMap((each) => ('valid' in each ? [each.valid] : []));
    const known = await lookUp(db, { emails: emailsOf(valid), now });
    const nameKeys = valid.flatMap((row) => (row.email === null ? [studentKey(row)] : []));
    const inSchool = await existingStudentKeys(db, schoolId, nameKeys);
    const fresh: Array<RosterRow & { email: string }> = [];
    const accounts: RosterRow[] = [];
    for (const each of parsed) {
      const result =
        'valid' in each ? classify(each.valid, { known, inSchool, schoolId, write }) : each;
      if ('valid' in each && (result.status === 'new' || result.status === 'created')) {
        const isStudent = each.valid.role === 'student';
        if (isStudent && students >= cap) {
          Object.assign(result, refused(ROSTER_MESSAGES.overCap(cap)));
        } else {
          if (isStudent) students += 1;
          const { email } = each.valid;
          if (email === null) accounts.push(each.valid);
          else fresh.push({ ...each.valid, email });
        }
      }
      counts[result.status] += 1;
      if (!write || result.status === 'error') rows.push(result);
    }
    if (write && fresh.length > 0) {
      await invite(db, { schoolId, fresh, now, jobs: options.jobs, language: options.language });
    }
    if (write) {
      const language = options.language ?? 'en';
      for (const student of accounts) {
        await createStudentWithoutEmail(db, { schoolId, student, language, now });
      }
    }
  }
  return { dry_run: !write, counts, rows, student_cap: cap };
}

type ValidRow = RosterRow & { row: number };
type Checked = { valid: ValidRow } | RosterRowResult;

function emailsOf(rows: readonly RosterRow[]): string[] {
  return rows.flatMap((row) => (row.email === null ? [] : [row.email]));
}

function refused(error: string) {
  return { status: 'error' as const, error };
}

/** The row's own rules, and whether its e-mail came earlier in the file. */
function checkRow(line: FileRow, seen: Map<string, number>): Checked {
  const parsed = parseRosterRow(line.fields);
  if ('error' in parsed) {
    const { fields } = line;
    return {
      row: line.row,
      first_name: fields.first_name ?? '',
      last_name: fields.last_name ?? '',
      email: fields.email ?? '',
      role: fields.role ?? '',
      grade: fields.grade || null,
      homeroom: fields.homeroom || null,
      ...refused(parsed.error),
    };
  }
  // An address is never a student key: it has no line break.
  const key = parsed.row.email ?? studentKey(parsed.row);
  const first = seen.get(key);
  if (first !== undefined) {
    const reason =
      parsed.row.email === null
        ? ROSTER_MESSAGES.sameStudentInFile(first)
        : ROSTER_MESSAGES.duplicateInFile(first);
    return { ...parsed.row, row: line.row, ...refused(reason) };
  }
  seen.set(key, line.row);
  return { valid: { ...parsed.row, row: line.row } };
}

/**
 * A student's row with no e-mail is created unless a student of the school has its name and
 * homeroom (decision 0063). Another school's account or open invitation: the preview answers it
 * as it answers an unknown e-mail (new), so that previews tell nothing about other schools; the
 * import refuses it without saying why, and the route counts it like an "e-mail taken" answer
 * (decision 0045).
 */
function classify(
  valid: ValidRow,
  options: {
    known: Map<string, Known>;
    inSchool: Set<string>;
    schoolId: number;
    write: boolean;
  },
): RosterRowResult {
  if (valid.email === null) {
    return { ...valid, status: options.inSchool.has(studentKey(valid)) ? 'member' : 'created' };
  }
  const known = options.known.get(valid.email);
  const owner = known?.userSchoolId ?? known?.invitationSchoolId;
  if (owner === undefined) return { ...valid, status: 'new' };
  if (owner !== options.schoolId) {
    return options.write
      ? { ...valid, ...refused(ROSTER_MESSAGES.cannotInvite) }
      : { ...valid, status: 'new' };
  }
  return { ...valid, status: known?.userSchoolId === undefined ? 'invited' : 'member' };
}

/**
 * How many distinct valid e-mails of the file belong to another school's account or open
 * invitation: what an import would refuse with `cannotInvite`. Read before the import's
 * transaction, so that the count is charged (and stays charged) whatever the import then does.
 */
export async function countOtherSchoolsEmails(
  db: Db,
  options: { schoolId: number; body: Readable; now: Date },
): Promise<number> {
  const seen = new Map<string, number>();
  let found = 0;
  for await (const batch of rosterFileBatches(options.body, BATCH_SIZE)) {
    const emails = emailsOf(
      batch.flatMap((line) => {
        const checked = checkRow(line, seen);
        return 'valid' in checked ? [checked.valid] : [];
      }),
    );
    const known = await lookUp(db, { emails, now: options.now });
    for (const entry of known.values()) {
      const owner = entry.userSchoolId ?? entry.invitationSchoolId;
      if (owner !== options.schoolId) found += 1;
    }
  }
  return found;
}

/** Accounts and open invitations (not used, not expired) of these e-mails, in one statement. */
async function lookUp(db: Db, options: { emails: string[]; now: Date }) {
  const known = new Map<string, Known>();
  if (options.emails.length === 0) return known;
  const emails = sql.join(
    options.emails.map((email) => sql`${email}`),
    sql`, `,
  );
  const rows = await queryRows<{ email: string; school_id: number; kind: 'user' | 'invitation' }>(
    db,
    sql`select email, school_id, 'user' as kind from users where email in (${emails})
      union all
      select email, school_id, 'invitation' from invitations where email in (${emails})
        and used_at is null and expires_at > ${options.now.toISOString()}::timestamptz`,
  );
  for (const row of rows) {
    const entry = known.get(row.email) ?? {};
    if (row.kind === 'user') entry.userSchoolId = row.school_id;
    else entry.invitationSchoolId = row.school_id;
    known.set(row.email, entry);
  }
  return known;
}

/**
 * New rows become invitations (an expired or used invitation of the e-mail is replaced; an open
 * one was classified "invited" or refused) and one mail job each, in the caller's transaction.
 * The job sets the link's token: no token exists before a mail carries it.
 */
async function invite(
  db: Db,
  options: {
    schoolId: number;
    fresh: Array<RosterRow & { email: string }>;
    now: Date;
    jobs: AppContext['jobs'];
    language: Language | undefined;
  },
): Promise<void> {
  const { schoolId, now } = options;
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
  const inserted = await db
    .insert(invitations)
    .values(
      options.fresh.map((row) => ({
        schoolId,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        role: row.role,
        grade: row.grade,
        homeroom: row.homeroom,
        expiresAt,
      })),
    )
    .onConflictDoUpdate({
      target: invitations.email,
      set: {
        schoolId,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        role: sql`excluded.role`,
        grade: sql`excluded.grade`,
        homeroom: sql`excluded.homeroom`,
        tokenHash: null,
        expiresAt,
        usedAt: null,
        createdAt: now,
      },
      setWhere: sql`${invitations.usedAt} is not null or ${invitations.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ id: invitations.id });
  await options.jobs.sendMany(
    db,
    INVITATION_MAIL,
    inserted.map((row) => ({ invitationId: row.id, language: options.language ?? 'en' })),
  );
}
