import { z } from 'zod';

/**
 * The activity log (issue 13 §7, decision 0025): who did what, when and from where. Entries hold
 * ids, never names, e-mails or tokens; names are looked up when the log is read.
 *
 * Every action any part of the product records is declared here, including those whose callers
 * are still being built (exports, deletions, consent), so wiring one is a single `recordAudit`.
 */
export const AUDIT_ACTIONS = [
  'sign_in.succeeded',
  /** A wrong password for an existing account; an unknown e-mail is recorded with no school. */
  'sign_in.failed',
  /** A password reset, which signs the person in. */
  'password.reset',
  'role.switch',
  'semester.create',
  'semester.activate',
  'semester.deactivate',
  /** detail: the interval before the change ("12/01/2026 to 12/31/2026, 500 points"). */
  'semester.update',
  /** detail: the deleted interval's dates, since the row is gone when the log is read. */
  'semester.delete',
  /** A captain renamed their team; detail: the old name. */
  'team.rename',
  'payment.subscription',
  'payment.donation',
  /** Staff or an admin read students' data: one entry per page read, not per student. */
  'view.student_points',
  'view.school_users',
  'view.team_members',
  /** A whole list downloaded as CSV (decision 0031): one entry per download. */
  'export.student_points',
  'export.school_users',
  'user.export',
  'school.export',
  'user.delete',
  'school.delete',
  'school.delete_cancel',
  'consent.agree',
  /** A roster import (decision 0030): one entry per import, its counts in `detail`. */
  'roster.import',
  /** An admin set a person's grade and homeroom. */
  'user.class_update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an entry is about, besides its actor. The log names it when read: a user by their name, a
 * team by its name, an interval by its dates ("01/06/2031 to 05/30/2031").
 */
export const AUDIT_TARGET_KINDS = ['user', 'team', 'semester', 'payment', 'school'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

const id = z.number().int();

/** A person as the log shows them: name null once the account is deleted (ids stay). */
const auditPersonSchema = z.object({ id, name: z.string().nullable() });

/** One entry of GET /schools/{id}/audit-log, newest first. */
export const auditEntrySchema = z.object({
  id,
  /** ISO timestamp (UTC). */
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Null when no signed-in person acted (a failed sign-in, the payment provider's webhook). */
  actor: auditPersonSchema.nullable(),
  target: z
    .object({ kind: z.enum(AUDIT_TARGET_KINDS), id, name: z.string().nullable() })
    .nullable(),
  /** A word that completes the action: the role switched to. */
  detail: z.string().nullable(),
  /** The client address (an IPv6 client by its /64), null when no client made the request. */
  client_address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);

export const AUDIT_DELETED_USER = 'deleted user';
export const AUDIT_NO_ACTOR = 'Someone';

/** The action in plain words, after the actor's name ("Ann Lee switched Sam Ray to staff"). */
const ACTION_WORDS: Record<AuditAction, (target: string, detail: string | null) => string> = {
  'sign_in.succeeded': () => 'signed in',
  'sign_in.failed': (target) => `failed to sign in as ${target}`,
  'password.reset': () => 'reset their password and signed in',
  'role.switch': (target, detail) => `made ${target} ${detail === 'staff' ? 'staff' : 'a student'}`,
  'semester.create': (target) => `created the interval ${target}`,
  'semester.activate': (target) => `activated the interval ${target}`,
  'semester.deactivate': (target) => `deactivated the interval ${target}`,
  'semester.update': (target, detail) =>
    `changed the interval ${target}${detail ? ` (it was ${detail})` : ''}`,
  'semester.delete': (target, detail) => `deleted the interval ${detail ?? target}`,
  'team.rename': (target, detail) =>
    `renamed their team ${detail ? `from ${detail} ` : ''}to ${target}`,
  'payment.subscription': () => "paid the school's subscription",
  'payment.donation': () => 'paid a team donation',
  'view.student_points': () => 'viewed a page of Student points',
  'view.school_users': () => 'viewed a page of Staff & students',
  'view.team_members': (target) => `viewed the members of team ${target}`,
  'export.student_points': () => 'downloaded Student points (CSV)',
  'export.school_users': () => 'downloaded Staff & students (CSV)',
  'user.export': (target) => `exported the data of ${target}`,
  'school.export': () => "exported the school's data",
  'user.delete': (target) => `deleted the account of ${target}`,
  'school.delete': () => 'asked to delete the school',
  'school.delete_cancel': () => "cancelled the school's deletion",
  'consent.agree': (_target, detail) => {
    const [kinds = '', version = ''] = (detail ?? '').split(';');
    const policies = version ? `the policies (version ${version})` : 'the policies';
    return kinds.includes('parental_consent')
      ? `attested parental consent and agreed to ${policies}`
      : `agreed to ${policies}`;
  },
  'roster.import': (_target, detail) => {
    const [invited = '0', members = '0', pending = '0', refused = '0'] = (detail ?? '').split(';');
    return `imported a roster: ${invited} invited, ${members} already members, ${pending} already invited, ${refused} refused`;
  },
  'user.class_update': (target) => `set the grade and homeroom of ${target}`,
};

/** What a roster import's entry keeps in `detail`: its counts. */
export function rosterAuditDetail(counts: {
  new: number;
  member: number;
  invited: number;
  error: number;
}): string {
  return [counts.new, counts.member, counts.invited, counts.error].join(';');
}

/** What a consent entry keeps in `detail`: the kinds agreed to and the text version. */
export function consentAuditDetail(kinds: readonly string[], version: string): string {
  return `${kinds.join(',')};${version}`;
}

function actorName(actor: AuditEntry['actor']): string {
  if (!actor) return AUDIT_NO_ACTOR;
  return actor.name ?? AUDIT_DELETED_USER;
}

/** A person gone is a "deleted user"; another thing gone is named by its id. */
function targetName(target: AuditEntry['target']): string {
  if (!target) return '';
  if (target.name !== null) return target.name;
  return target.kind === 'user' ? AUDIT_DELETED_USER : `#${target.id}`;
}

/** "Ann Lee signed in", "deleted user viewed a page of Student points". */
export function describeAuditEntry(entry: AuditEntry): string {
  const words = ACTION_WORDS[entry.action](targetName(entry.target), entry.detail);
  return `${actorName(entry.actor)} ${words}`;
}
