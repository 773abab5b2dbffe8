import {
  ACTIVITY_TYPES,
  CLASS_CHALLENGE_KINDS,
  CLASS_SCOPES,
  CONSENT_KINDS,
  DAY_COLORS,
  DELETION_REQUEST_STATUSES,
  INSIGHT_CATEGORIES,
  LANGUAGES,
  NEW_SCHOOL_TEAM_RANKING,
  PERSONAL_BADGES,
  ROLE_NAMES,
  SECRET_PICTURES,
  SIGN_IN_PROVIDERS,
  STUDENT_PICTURES,
  TEAM_RANKING_MODES,
} from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nameSortKey } from './name-sort-key.ts';

/** The whole product's schema (DESIGN.md §1). Money in integer cents, dates as ISO strings. */

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** Kept when the user or team goes: a financial record without the person (decision 0022). */
const formerUserId = () => integer('user_id').references(() => users.id, { onDelete: 'set null' });
const formerTeamId = () => integer('team_id').references(() => teams.id, { onDelete: 'set null' });
const pictureList = STUDENT_PICTURES.map((picture) => `'${picture}'`).join(', ');
/** One of the pictures, drawn for each row (a volatile default is evaluated per row). */
const randomStudentPicture = sql.raw(
  `(array[${pictureList}])[1 + floor(random() * ${STUDENT_PICTURES.length})::int]`,
);
const schoolId = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });

export const roleName = pgEnum('role_name', ROLE_NAMES);
export const activityType = pgEnum('activity_type', ACTIVITY_TYPES);
export const checkoutKind = pgEnum('checkout_kind', ['subscription', 'donation']);
export const consentKind = pgEnum('consent_kind', CONSENT_KINDS);
export const personalBadge = pgEnum('personal_badge', PERSONAL_BADGES);
export const classChallengeKind = pgEnum('class_challenge_kind', CLASS_CHALLENGE_KINDS);
export const classScope = pgEnum('class_scope', CLASS_SCOPES);
export const deletionRequestStatus = pgEnum('deletion_request_status', DELETION_REQUEST_STATUSES);

export const schools = pgTable('schools', {
  id: id(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  timeZone: text('time_zone').notNull(),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  createdAt: createdAt(),
  /**
   * Set when the school's admin deletes the school: from then on it is closed (only its admins
   * sign in, to export or cancel) and the daily purge deletes it once this instant has passed
   * (modules/deletion, decision 0022).
   */
  purgeAfter: timestamp('purge_after', { withTimezone: true }),
  /**
   * The last closed day (`lastClosedDay` in the domain) whose points `users.closed_points` and
   * `teams.closed_points` include: moved forward by the hourly maintenance job (decision 0043).
   */
  pointsClosedThrough: date('points_closed_through', { mode: 'string' })
    .notNull()
    .default('1970-01-01'),
  /**
   * The last Sunday through which `closed_weeks` holds the school's weeks: moved forward by the
   * hourly maintenance job; the insights compute the later weeks from the days (decision 0057).
   */
  insightWeeksThrough: date('insight_weeks_through', { mode: 'string' })
    .notNull()
    .default('1970-01-01'),
  /**
   * "District sign-in only": the school's students and staff may not sign in with a password; its
   * admins still may, so a coordinator cannot lock the school out (decision 0050).
   */
  districtSignInOnly: boolean('district_sign_in_only').notNull().default(false),
  /**
   * The school-wide switch of the stress check-in (decision 0073): off, no child of the school is
   * asked about stress and a complete day is the 7 other categories. Each change is a consent
   * record with the notice's version.
   */
  stressCheckIn: boolean('stress_check_in').notNull().default(true),
  /**
   * What students and family members see on the team leaderboard (decision 0083): 'goals' (weeks
   * whose team goal was reached) or 'points' (SPEC.md; every school until its coordinator picks).
   */
  teamRanking: text('team_ranking', { enum: TEAM_RANKING_MODES })
    .notNull()
    .default(NEW_SCHOOL_TEAM_RANKING),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: schoolId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * Always stored lower-case, so the unique constraint is case-insensitive. Null for a student
     * added without one (by name, decision 0063): unique allows any number of nulls, and every
     * lookup by address compares with `=`, which a null never matches.
     */
    email: text('email').unique(),
    /** Null for an account that signs in only through its district (decision 0050). */
    passwordHash: text('password_hash'),
    lastActivityLoggedAt: timestamp('last_activity_logged_at', { withTimezone: true }),
    /**
     * Points in the school's active interval (day + streak points), maintained by every activity
     * write and recomputed when the active interval changes, so lists and leaderboards read a
     * column instead of summing history (modules/points).
     */
    points: integer('points').notNull().default(0),
    /**
     * `points` as of the school's closed days (up to `schools.points_closed_through`): what
     * everyone but the user sees, so a rating of today's or yesterday's stress moves nothing
     * another person reads (decision 0043). Activity writes never touch it (they write only days
     * still open); modules/points/closed-points.ts moves it when days close.
     */
    closedPoints: integer('closed_points').notNull().default(0),
    /**
     * Whether `user_roles` gives the user the student / staff role. Kept by a trigger on
     * user_roles (migration 0003), so every writer of roles keeps them; the staff and student lists
     * filter and count on them and their partial indexes without a join (docs/performance.md).
     */
    isStudent: boolean('is_student').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
    /**
     * The last sign-in or use of a session, kept to the day (auth/sessions.ts): an account unseen
     * for the retention period is deleted (modules/retention, decision 0023).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account was found inactive and (for adults) e-mailed that it will be deleted. */
    inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
    /**
     * Set by the year-end rollover for a student of the last grade who may download their data
     * first (decision 0069): the retention run deletes the account once this instant has passed.
     */
    leavingAfter: timestamp('leaving_after', { withTimezone: true }),
    /** Grade (PK, K, 1–12) and homeroom, set by a roster import or the coordinator (decision 0030). */
    grade: text('grade'),
    homeroom: text('homeroom'),
    /**
     * A student whose family opted them out of the stress check-in (decision 0073): their earlier
     * ratings were deleted with the opt-out, and stress counts in none of their days. The consent
     * records say who asked, when, and which notice was shown.
     */
    stressOptedOut: boolean('stress_opted_out').notNull().default(false),
    /** A staff member the coordinator named a counsellor: they see the open talk requests. */
    isCounsellor: boolean('is_counsellor').notNull().default(false),
    /** The language the user reads Wellbank in; their e-mails are written in it (decision 0034). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /**
     * When the owner of `email` followed a confirmation link (or an invitation's). Until then the
     * address gets no mail but its confirmation and a password reset (decision 0044).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * The picture a child finds their name by on a shared device (class sign-in, badges; decision
     * 0064): drawn at random by the database for every new account, so no writer can forget it.
     */
    picture: text('picture', { enum: STUDENT_PICTURES }).notNull().default(randomStudentPicture),
  },
  (t) => [
    check('users_language', sql`${t.language} in ('en', 'es')`),
    check('users_picture', sql.raw(`picture in (${pictureList})`)),
    index('users_school_id_idx').on(t.schoolId, t.points),
    index('users_school_closed_points_idx').on(t.schoolId, t.closedPoints),
    // The lists' pages (modules/school-users/points-lists.service.ts): name order, and the
    // active-student count and last-activity order, which also carries the id the count needs.
    index('users_students_name_idx')
      .on(t.schoolId, nameSortKey(t.firstName), nameSortKey(t.lastName), t.id)
      .where(sql`${t.isStudent}`),
    index('users_students_activity_idx')
      .on(t.schoolId, t.lastActivityLoggedAt, t.id)
      .where(sql`${t.isStudent}`),
    index('users_staff_name_idx')
      .on(t.schoolId, nameSortKey(t.firstName), nameSortKey(t.lastName), t.id)
      .where(sql`${t.isStaff}`),
    // Staff & students (school-users.service.ts) pages by name over both roles: the two indexes
    // above would only be OR-ed into a bitmap and the whole school sorted for each page.
    index('users_members_name_idx')
      .on(t.schoolId, nameSortKey(t.firstName), nameSortKey(t.lastName), t.id)
      .where(sql`${t.isStaff} or ${t.isStudent}`),
    index('users_last_seen_at_idx').on(t.lastSeenAt),
    index('users_leaving_after_idx').on(t.leavingAfter).where(sql`${t.leavingAfter} is not null`),
    // The points lists' homeroom filter (a teacher's "My homeroom"); grade filters are rarer.
    index('users_homeroom_idx').on(t.schoolId, t.homeroom).where(sql`${t.homeroom} is not null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: userId(),
    role: roleName('role').notNull(),
  },
  (t) => [unique('user_roles_user_role_unique').on(t.userId, t.role)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    schoolId: schoolId(),
    captainUserId: integer('captain_user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Σ of its members' `users.points`, kept with them (leaderboard rank by index). */
    points: integer('points').notNull().default(0),
    /** Σ of its members' `users.closed_points`: the team's points as everyone sees them. */
    closedPoints: integer('closed_points').notNull().default(0),
  },
  (t) => [
    index('teams_school_id_idx').on(t.schoolId, t.points),
    index('teams_school_closed_points_idx').on(t.schoolId, t.closedPoints),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Unique: every user is on exactly one team; a captain is a member of their own team. */
    userId: userId().unique(),
  },
  (t) => [index('team_members_team_id_idx').on(t.teamId)],
);

export const semesters = pgTable(
  'semesters',
  {
    id: id(),
    schoolId: schoolId(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    pointsNeeded: integer('points_needed').notNull(),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [
    uniqueIndex('semesters_one_active_per_school').on(t.schoolId).where(sql`${t.isActive}`),
    index('semesters_school_id_idx').on(t.schoolId),
    check('semesters_dates_ordered', sql`${t.startDate} < ${t.endDate}`),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    userId: userId(),
    activityType: activityType('activity_type').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    /** `{property_key: property_value}`. */
    properties: jsonb('properties').$type<Record<string, number>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('activities_user_type_date_unique').on(t.userId, t.activityType, t.localDate)],
);

export const dailySummaries = pgTable(
  'daily_summaries',
  {
    userId: userId(),
    schoolId: schoolId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    balanceCents: integer('balance_cents').notNull(),
    foodCents: integer('food_cents').notNull(),
    energyCents: integer('energy_cents').notNull(),
    stressCents: integer('stress_cents').notNull(),
    isComplete: boolean('is_complete').notNull(),
    /** The streak held at the end of the day (decision 0082): carried through days off. */
    streakLength: integer('streak_length').notNull(),
    /** Rest days held at the end of the day (decision 0082), 0 to MAX_REST_DAYS. */
    restDays: smallint('rest_days').notNull().default(0),
    dayPoints: integer('day_points').notNull(),
    streakPoints: integer('streak_points').notNull(),
    /**
     * `{activity_type: total_cents}` of the day's non-stress categories logged, for the school
     * insights' weekly averages (decision 0032); emptied with the activity detail by retention.
     */
    categoryCents: jsonb('category_cents')
      .$type<Partial<Record<string, number>>>()
      .notNull()
      .default({}),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate] }),
    index('daily_summaries_school_date_idx').on(t.schoolId, t.localDate),
  ],
);

const notNullInteger = (name: string) => integer(name).notNull();
/** Whole-number columns named after the domain's lists (colours, categories), not null. */
const countColumns = <N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, notNullInteger(name)])) as Record<
    N,
    ReturnType<typeof notNullInteger>
  >;

/**
 * One person's closed Monday-to-Sunday week (every day of it closed, decision 0043) in the
 * figures the school insights add up (decision 0057): the days logged (and which, bit 0 =
 * Monday), the energy, the days per colour of their energy, and per non-stress category the
 * days it was logged and its total. Stored once when the week closes, so the insights read a
 * row per student and week instead of decoding seven days of `category_cents`. Never stress.
 * Refreshed when retention empties the days' category totals; goes with the person.
 */
export const closedWeeks = pgTable(
  'closed_weeks',
  {
    userId: userId(),
    schoolId: schoolId(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    dayMask: integer('day_mask').notNull(),
    energyCents: integer('energy_cents').notNull(),
    ...countColumns(DAY_COLORS),
    ...countColumns(INSIGHT_CATEGORIES.map((type) => `${type}_entries` as const)),
    ...countColumns(INSIGHT_CATEGORIES.map((type) => `${type}_cents` as const)),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekStart] }),
    index('closed_weeks_school_week_idx').on(t.schoolId, t.weekStart),
  ],
);

export const piggyBanks = pgTable(
  'piggy_banks',
  {
    id: id(),
    userId: userId(),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    spentOn: date('spent_on', { mode: 'string' }),
  },
  (t) => [unique('piggy_banks_user_earned_unique').on(t.userId, t.earnedOn)],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: userId(),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A child's session on a classroom's shared device (class code, badge; decision 0064): it ends
     * after a few idle minutes instead of a month, so the next child cannot walk into it.
     */
    sharedDevice: boolean('shared_device').notNull().default(false),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: userId(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/**
 * A child's printed badge (issue 34 §3, decision 0065): its QR code's link signs the child in on a
 * shared device. Only the token's SHA-256 is kept, so a sheet is printed when it is made; a new
 * badge voids the child's live one in the same transaction (the child's row locked first), and
 * the partial unique index leaves at most one live badge per child whatever runs in parallel.
 */
export const badges = pgTable(
  'badges',
  {
    id: id(),
    userId: userId(),
    schoolId: schoolId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** The staff member who made it; kept as null when their account goes. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a newer badge replaced it: it then says "no longer works" (410), never signs in. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('badges_one_live_per_user').on(t.userId).where(sql`${t.voidedAt} is null`),
    // The cascades of a child's and a school's deletion.
    index('badges_user_id_idx').on(t.userId),
    index('badges_school_id_idx').on(t.schoolId),
  ],
);

/**
 * A personal badge kept once its celebration was shown (issue 37 §3, decision 0078): badges are
 * computed from the person's days, and a kept one stays after an edit or retention emptied them.
 * One row per person and badge, so the celebration shows once, on any device.
 */
export const personalBadges = pgTable(
  'personal_badges',
  {
    userId: userId(),
    badge: personalBadge('badge').notNull(),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    celebratedAt: timestamp('celebrated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] })],
);

/**
 * A student's family code (issue 36, decision 0075): the one live code per child, by its SHA-256
 * only. A new code replaces the row (the old code stops working), a revoked one deletes it; the
 * links already made stay (`guardian_links`).
 */
export const familyCodes = pgTable('family_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull().unique(),
  createdAt: createdAt(),
  /** Staff, an admin, or the child; kept as null when their account goes. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A guardian linked to a child (decision 0075): made with the child's family code, removed by the
 * guardian or a coordinator, and with either account. At most `GUARDIANS_PER_CHILD_MAX` per child:
 * counted under the child's row lock, so parallel links take turns.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: id(),
    guardianUserId: integer('guardian_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentUserId: integer('student_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Who made the link: the guardian, with the code. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('guardian_links_pair_unique').on(t.guardianUserId, t.studentUserId),
    index('guardian_links_student_idx').on(t.studentUserId),
  ],
);

/**
 * "I'd like to talk to someone" (decision 0073): a child asked the school's counsellors for a
 * talk. Only the child and the time: never a rating. The partial unique index keeps one open
 * request per child, whatever runs in parallel; a counsellor marks it handled.
 */
export const talkRequests = pgTable(
  'talk_requests',
  {
    id: id(),
    userId: userId(),
    schoolId: schoolId(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The counsellor who marked it handled; null when their account goes. */
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('talk_requests_one_open_per_user').on(t.userId).where(sql`${t.handledAt} is null`),
    index('talk_requests_school_id_idx').on(t.schoolId, t.id),
  ],
);

/**
 * A guardian asked the school to delete their child's data (decision 0081). The partial unique
 * index keeps one open request per child, whoever asks. Carried out, the child's account goes and
 * `student_user_id` becomes null: the guardian still sees that it was done, and nothing of the child.
 */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: id(),
    schoolId: schoolId(),
    studentUserId: integer('student_user_id').references(() => users.id, { onDelete: 'set null' }),
    guardianUserId: integer('guardian_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: deletionRequestStatus('status').notNull().default('open'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The coordinator who decided; null when their account goes. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('deletion_requests_one_open_per_student')
      .on(t.studentUserId)
      .where(sql`${t.status} = 'open'`),
    index('deletion_requests_school_id_idx').on(t.schoolId, t.id),
    index('deletion_requests_guardian_idx').on(t.guardianUserId),
  ],
);

/**
 * The mailed links of decision 0044, each stored as its token's SHA-256, single use, expiring: a
 * `confirm` link makes `email` the account's confirmed address (a sign-up's, or a new one asked
 * for in the profile); an `undo` link, mailed to the old address, puts `email` back.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: id(),
    userId: userId(),
    kind: text('kind', { enum: ['confirm', 'undo'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('email_links_kind', sql`${t.kind} in ('confirm', 'undo')`),
    index('email_links_user_id_idx').on(t.userId),
  ],
);

/**
 * A district account bound to a Wellbank account (decision 0050): found by `(issuer, subject)`
 * at every sign-in; `email` is the address the provider gave at binding, shown in the profile.
 * No token of the provider is kept.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: userId(),
    provider: text('provider', { enum: SIGN_IN_PROVIDERS }).notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_identities_issuer_subject').on(t.issuer, t.subject),
    unique('user_identities_user_provider').on(t.userId, t.provider),
  ],
);

/**
 * A sign-in started at `GET /sign-in/oidc/{provider}` and not yet come back (decision 0050):
 * found by the SHA-256 of its `state` and deleted by the callback that uses it (one use), tied to
 * the browser that started it by the SHA-256 of a cookie; ten minutes to live.
 */
export const oidcAttempts = pgTable('oidc_attempts', {
  id: id(),
  stateHash: text('state_hash').notNull().unique(),
  browserHash: text('browser_hash').notNull(),
  provider: text('provider', { enum: SIGN_IN_PROVIDERS }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Where the login page's `?next=` asked to go after signing in. */
  next: text('next'),
  /** Set when a signed-in user links this district account from /profile. */
  linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What a callback found, handed to the web app by a one-time ticket in the page's fragment
 * (decision 0050): stored as its SHA-256, two minutes to live (an invitation's: ten), spent by
 * one atomic update. `result` holds the kind and, for an invitation, the identity to bind.
 */
export const oidcTickets = pgTable('oidc_tickets', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  result: jsonb('result').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A provider a school turned off or narrowed on its "Sign-in methods" page (decision 0050); a
 * provider without a row is accepted as the deployment configured it.
 */
export const schoolSignInMethods = pgTable(
  'school_sign_in_methods',
  {
    schoolId: schoolId(),
    provider: text('provider', { enum: SIGN_IN_PROVIDERS }).notNull(),
    enabled: boolean('enabled').notNull(),
    /** The domain (Google), tenant (Microsoft, ClassLink) or district id (Clever) required. */
    restriction: text('restriction'),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.provider] })],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The payment provider's id of the checkout session. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: checkoutKind('kind').notNull(),
    schoolId: schoolId(),
    teamId: formerTeamId(),
    userId: formerUserId(),
    numStudents: integer('num_students'),
    /** An upgrade's: the student cap the school had paid when it was opened; 0 otherwise. */
    upgradesFrom: integer('upgrades_from').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    /** open → paid, or open → expired (replaced by a newer checkout, or too old to reuse). */
    status: text('status', { enum: ['open', 'paid', 'expired'] }).notNull(),
    /** The provider's checkout page, handed out again while the session is open (null before 0005). */
    url: text('url'),
    /** The web app's base URL the session returns to: a request from another origin gets its own. */
    returnBase: text('return_base'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open checkout per school and per member: a second request reuses it (decision 0004).
    uniqueIndex('checkout_sessions_one_open_subscription')
      .on(t.schoolId)
      .where(sql`${t.kind} = 'subscription' and ${t.status} = 'open'`),
    uniqueIndex('checkout_sessions_one_open_donation')
      .on(t.userId)
      .where(sql`${t.kind} = 'donation' and ${t.status} = 'open'`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Unique: one checkout session records one payment, however often it is reported. */
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .unique()
      .references(() => checkoutSessions.id),
    kind: checkoutKind('kind').notNull(),
    schoolId: schoolId(),
    teamId: formerTeamId(),
    userId: formerUserId(),
    amountCents: integer('amount_cents').notNull(),
    /** Its checkout's `upgrades_from`: 0 for the first subscription payment and donations. */
    upgradesFrom: integer('upgrades_from').notNull().default(0),
    /** A second paid session for a school or member that already paid: money to refund. */
    duplicate: boolean('duplicate').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_school_kind_idx').on(t.schoolId, t.kind),
    // At most one completed subscription per school and one donation per member (decision 0004);
    // a subscription's upgrades count once per cap they start from (decision 0067).
    uniqueIndex('payments_one_subscription_step_per_school')
      .on(t.schoolId, t.upgradesFrom)
      .where(sql`${t.kind} = 'subscription' and not ${t.duplicate}`),
    uniqueIndex('payments_one_donation_per_member')
      .on(t.userId)
      .where(sql`${t.kind} = 'donation' and not ${t.duplicate}`),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The activity log (decision 0025): append-only, enforced by a trigger (migration 0008) that
 * refuses every UPDATE and every DELETE except the purge of a deleted school's entries (the
 * cascade below) and of school-less entries past their retention. Actor and target are ids with no
 * foreign key, so a deleted user's entries stay, naming nobody.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for an entry no school may read: a failed sign-in with an e-mail no account has. */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: integer('target_id'),
    detail: text('detail'),
    clientAddress: text('client_address'),
  },
  (t) => [index('audit_log_school_id_idx').on(t.schoolId, t.id.desc())],
);

/**
 * Agreements to the policies and the school's attestations (decision 0024): who, for which
 * school, what, to which text version, when and from which address. A school's attestations stay
 * while the school exists, under the signer's name, when the signer's account is deleted.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    schoolId: schoolId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the person had when agreeing: the record must still say who, later. */
    personName: text('person_name').notNull(),
    kind: consentKind('kind').notNull(),
    textVersion: text('text_version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    /** The client address as rate limits count it (http/client-address.ts). */
    clientAddress: text('client_address').notNull(),
    /** The student a stress opt-out or opt-in is about (deleted with them); null otherwise. */
    studentId: integer('student_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('consents_school_id_idx').on(t.schoolId, t.id),
    index('consents_student_id_idx').on(t.studentId),
    index('consents_user_id_idx').on(t.userId, t.kind),
  ],
);

/**
 * Secrets the app makes for itself at first start (decision 0029): the VAPID key pair of Web Push
 * (unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set) and the key that signs unsubscribe links.
 * Kept in the database so every instance signs and verifies with the same ones.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A user's reminder settings (issue 15, decision 0029); no row means the defaults (off). The
 * scheduler finds the users due at a school-local minute with the partial index on
 * `minute_of_day`, one statement a minute, instead of jobs made in advance.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** School-local minutes since midnight (17:00 = 1020). */
    minuteOfDay: integer('minute_of_day').notNull().default(1020),
    push: boolean('push').notNull().default(false),
    email: boolean('email').notNull().default(false),
    weeklySummary: boolean('weekly_summary').notNull().default(false),
    /** A guardian's weekly e-mail about their children (decision 0080): on unless turned off. */
    familySummary: boolean('family_summary').notNull().default(true),
    /** Part of every unsubscribe link; a one-click unsubscribe adds one, so a link works once. */
    unsubscribeVersion: integer('unsubscribe_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reminder_settings_minute_of_day', sql`${t.minuteOfDay} between 0 and 1439`),
    index('reminder_settings_due_idx')
      .on(t.minuteOfDay, t.userId)
      .where(sql`${t.enabled} and (${t.push} or ${t.email})`),
    index('reminder_settings_weekly_idx').on(t.userId).where(sql`${t.weeklySummary}`),
  ],
);

/**
 * A device's Web Push subscription. It belongs to the session that made it: logging out (or the
 * session expiring) deletes it with the session, so a signed-out device gets nothing more.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** The school-local date of the last reminder pushed here: a retried batch skips it. */
    remindedOn: date('reminded_on', { mode: 'string' }),
  },
  (t) => [
    index('push_subscriptions_user_id_idx').on(t.userId),
    index('push_subscriptions_session_id_idx').on(t.sessionId),
  ],
);

/**
 * One row per reminder claimed: the primary key is the once-a-day guarantee. The scheduler's one
 * statement inserts the due users' rows `on conflict do nothing` and hands only the inserted
 * ones to the queue, so a second tick, a second instance or a retry cannot claim a user twice.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: userId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['daily', 'weekly'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate, t.kind] }),
    index('reminder_sends_claimed_at_idx').on(t.claimedAt),
  ],
);

/**
 * One row per guardian, child and week whose family e-mail was claimed (decision 0080): the
 * primary key is the once-a-week guarantee, whatever ticks, instances or retries run.
 */
export const familySummarySends = pgTable(
  'family_summary_sends',
  {
    guardianUserId: integer('guardian_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentUserId: integer('student_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday of the week the e-mail is about, school-local. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.guardianUserId, t.studentUserId, t.weekStart] }),
    index('family_summary_sends_claimed_at_idx').on(t.claimedAt),
  ],
);

/**
 * A person a roster import invited (decision 0030): what the sign-up form is prefilled with, the
 * SHA-256 of the mailed link's token (set by the mail job, each attempt a fresh token), when the
 * link expires and when it was used. One invitation per e-mail across all schools (a pending one
 * of another school is a row error); expired ones are deleted by the hourly maintenance job.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    schoolId: schoolId(),
    /** Always lower-case, like users.email. */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleName('role').notNull(),
    grade: text('grade'),
    homeroom: text('homeroom'),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_school_id_idx').on(t.schoolId, t.role)],
);

const secretPictureList = SECRET_PICTURES.map((picture) => `'${picture}'`).join(', ');

/**
 * A child's two secret pictures for class sign-in, tapped in this order (decision 0064): drawn at
 * random by the service when a class code or class card first needs them, never two alike.
 */
export const secretPictures = pgTable(
  'secret_pictures',
  {
    userId: userId().primaryKey(),
    first: text('first').notNull(),
    second: text('second').notNull(),
  },
  (t) => [
    check(
      'secret_pictures_known',
      sql.raw(`first in (${secretPictureList}) and second in (${secretPictureList})`),
    ),
    check('secret_pictures_distinct', sql`${t.first} <> ${t.second}`),
  ],
);

/**
 * A class code staff opened (decision 0064), stored as its SHA-256 like every token: it lists its
 * students (class_code_students, fixed when opened) until `expires_at`, the end of that school
 * day, or until staff close it.
 */
export const classCodes = pgTable(
  'class_codes',
  {
    id: id(),
    schoolId: schoolId(),
    codeHash: text('code_hash').notNull().unique(),
    /** The homeroom it was opened for; null when staff picked the students. */
    homeroom: text('homeroom'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('class_codes_school_id_idx').on(t.schoolId)],
);

export const classCodeStudents = pgTable(
  'class_code_students',
  {
    classCodeId: integer('class_code_id')
      .notNull()
      .references(() => classCodes.id, { onDelete: 'cascade' }),
    userId: userId(),
  },
  (t) => [
    primaryKey({ columns: [t.classCodeId, t.userId] }),
    index('class_code_students_user_id_idx').on(t.userId),
  ],
);

/**
 * A class challenge (issue 37 §2, decision 0084): a week-long goal for a homeroom or a grade over
 * one non-stress category. Open until `closed_at`: staff ended it early (`ended_early`), or a new
 * one for the class closed it after its week. The partial unique index keeps one open challenge
 * per class, so of two parallel starts one is refused by the database.
 */
export const classChallenges = pgTable(
  'class_challenges',
  {
    id: id(),
    schoolId: schoolId(),
    kind: classChallengeKind('kind').notNull(),
    scope: classScope('scope').notNull(),
    className: text('class_name').notNull(),
    target: integer('target').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    endedEarly: boolean('ended_early').notNull().default(false),
  },
  (t) => [
    uniqueIndex('class_challenges_one_running')
      .on(t.schoolId, t.scope, t.className)
      .where(sql`${t.closedAt} is null`),
    index('class_challenges_school_idx').on(t.schoolId, t.createdAt),
    check('class_challenges_target', sql`${t.target} between 1 and 10000`),
  ],
);

/**
 * The school's days without school besides weekends (decision 0082): a streak neither breaks nor
 * grows on them. Marked only ahead of today, so no kept day ever changes with the calendar.
 */
export const schoolHolidays = pgTable(
  'school_holidays',
  {
    schoolId: schoolId(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.date] })],
);
