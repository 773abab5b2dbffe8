import { z } from 'zod';
import {
  ENGLISH,
  type Speaker,
  type TextTemplate,
  type TextValues,
  textTemplate,
} from './i18n/texts.ts';

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
  /** An admin made a staff member of the school a coordinator (admin), or took it back. */
  'coordinator.add',
  'coordinator.remove',
  'semester.create',
  'semester.activate',
  'semester.deactivate',
  /** detail: the interval before the change ("12/01/2026 to 12/31/2026, 500 points"). */
  'semester.update',
  /** detail: the deleted interval's dates, since the row is gone when the log is read. */
  'semester.delete',
  /** A captain renamed their team; detail: the old name. */
  'team.rename',
  /** A coordinator renamed (or reset) a team of the school; detail: its old and new names. */
  'team.coordinator_rename',
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
  /** Staff or an admin added a student by name, without e-mail (decision 0063). */
  'student.create',
  /** Staff or an admin gave a student without e-mail an address (issue 34; the log keeps none). */
  'student.email_add',
  /** An admin re-mailed a pending invitation: a new link, the old one void (no address kept). */
  'invitation.resend',
  /** An admin revoked a pending invitation: deleted, its link void (no address kept). */
  'invitation.revoke',
  /** Decision 0044: a new address asked for in the profile (the log keeps no address). */
  'email.change_request',
  /** A confirmation link followed: a sign-up's address, or a change's new one, took effect. */
  'email.confirm',
  /** The old address's undo link followed: the address is back and every session ended. */
  'email.change_undo',
  /** The coordinator saved the school's sign-in methods (decision 0050). */
  'sign_in_methods.update',
  /** A district account was linked (from /profile, or at first sign-in); detail: the provider. */
  'sign_in.link',
  /** A user removed a linked district account; detail: the provider. */
  'sign_in.unlink',
  /** Class sign-in (decision 0064): a child signed in on a shared device with their pictures. */
  'sign_in.class',
  /** Staff opened or closed a class code; detail: the homeroom, if it was one. */
  'class_code.open',
  'class_code.close',
  /** Five wrong picture sequences locked a child's class sign-in (no actor). */
  'class_sign_in.lock',
  'class_sign_in.unlock',
  'secret_pictures.renew',
  /** Staff read a homeroom's class cards (the children's secret pictures); detail: the homeroom. */
  'view.class_cards',
  /** Decision 0065: staff made a child's badge (the child's earlier one voided); never the token. */
  'badge.issue',
  /** A child signed in with their badge on a shared device. */
  'sign_in.badge',
  /** Staff read a homeroom's badge list (names and pictures); detail: the homeroom. */
  'view.badges',
  /** Staff read the students to pick for a class code (names and homerooms): one per page read. */
  'view.class_students',
  /** Decision 0069: the year-end rollover; detail: its counts (`rolloverAuditDetail`). */
  'school.year_end_rollover',
  /** Decision 0075: a child's family code made (the earlier one replaced), or revoked; never the code. */
  'family_code.issue',
  'family_code.revoke',
  /** A guardian linked themself to a child (target) with the child's family code. */
  'guardian.link',
  /** A link removed by the guardian or a coordinator (target: the child; detail: the guardian's id). */
  'guardian.unlink',
  /** Decision 0073: the coordinator turned the school's stress check-in on or off. */
  'stress_check_in.on',
  'stress_check_in.off',
  /** Decision 0083: the coordinator chose what students see on the team leaderboard. */
  'team_ranking.goals',
  'team_ranking.points',
  /** Decision 0082: the coordinator marked a day (detail) as without school, or unmarked it. */
  'holiday.add',
  'holiday.remove',
  /** A student opted out of (or back in to) the stress check-in, at the family's request. */
  'stress.opt_out',
  'stress.opt_in',
  /** The coordinator named a staff member a counsellor, or no longer. */
  'counsellor.add',
  'counsellor.remove',
  /** Decision 0081: a guardian asked the school to delete their child's data (target: the child). */
  'deletion_request.create',
  /** The coordinator declined it (a carried-out request is the child's `user.delete`). */
  'deletion_request.decline',
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

export const AUDIT_DELETED_USER = /*i18n*/ 'deleted user';
export const AUDIT_NO_ACTOR = /*i18n*/ 'Someone';

/**
 * Each action's sentence, with the actor's name first in English ("{actor} signed in"); another
 * language may put the words in any order. The sentences are written by a `Speaker` (the web's
 * is its active language), never read back from English, so two sentences may share an ending.
 */
const say = (id: string, slots: Parameters<typeof textTemplate>[1] = {}) => textTemplate(id, slots);
const SENTENCES = {
  signedIn: say(/*i18n*/ '{actor} signed in'),
  failedSignIn: say(/*i18n*/ '{actor} failed to sign in as {target}'),
  passwordReset: say(/*i18n*/ '{actor} reset their password and signed in'),
  madeStaff: say(/*i18n*/ '{actor} made {target} staff'),
  madeStudent: say(/*i18n*/ '{actor} made {target} a student'),
  madeCoordinator: say(/*i18n*/ '{actor} made {target} a coordinator'),
  removedCoordinator: say(/*i18n*/ '{actor} removed {target} as a coordinator'),
  intervalCreated: say(/*i18n*/ '{actor} created the interval {target}'),
  intervalActivated: say(/*i18n*/ '{actor} activated the interval {target}'),
  intervalDeactivated: say(/*i18n*/ '{actor} deactivated the interval {target}'),
  intervalChanged: say(/*i18n*/ '{actor} changed the interval {target}'),
  intervalChangedFrom: say(/*i18n*/ '{actor} changed the interval {target} (it was {detail})'),
  intervalDeleted: say(/*i18n*/ '{actor} deleted the interval {target}'),
  teamRenamed: say(/*i18n*/ '{actor} renamed their team to {target}'),
  teamRenamedFrom: say(/*i18n*/ '{actor} renamed their team from {detail} to {target}'),
  teamRenamedByCoordinator: say(/*i18n*/ '{actor} renamed the team {detail} to {target}'),
  subscriptionPaid: say(/*i18n*/ "{actor} paid the school's subscription"),
  donationPaid: say(/*i18n*/ '{actor} paid a team donation'),
  viewedPoints: say(/*i18n*/ '{actor} viewed a page of Student points'),
  viewedUsers: say(/*i18n*/ '{actor} viewed a page of Staff & students'),
  viewedTeam: say(/*i18n*/ '{actor} viewed the members of team {target}'),
  exportedPoints: say(/*i18n*/ '{actor} downloaded Student points (CSV)'),
  exportedUsers: say(/*i18n*/ '{actor} downloaded Staff & students (CSV)'),
  exportedUser: say(/*i18n*/ '{actor} exported the data of {target}'),
  exportedSchool: say(/*i18n*/ "{actor} exported the school's data"),
  deletedUser: say(/*i18n*/ '{actor} deleted the account of {target}'),
  deletingSchool: say(/*i18n*/ '{actor} asked to delete the school'),
  keptSchool: say(/*i18n*/ "{actor} cancelled the school's deletion"),
  agreed: say(/*i18n*/ '{actor} agreed to the policies'),
  agreedVersion: say(/*i18n*/ '{actor} agreed to the policies (version {version})'),
  consented: say(/*i18n*/ '{actor} attested parental consent and agreed to the policies'),
  consentedVersion: say(
    /*i18n*/ '{actor} attested parental consent and agreed to the policies (version {version})',
  ),
  rosterImported: say(
    /*i18n*/ '{actor} imported a roster: {invited} invited, {created} made without e-mail, {members} already members, {pending} already invited, {refused} refused',
  ),
  studentAdded: say(/*i18n*/ '{actor} added the student {target}'),
  studentEmailAdded: say(/*i18n*/ '{actor} added an email address to the student {target}'),
  invitationResent: say(/*i18n*/ '{actor} sent an invitation again'),
  invitationRevoked: say(/*i18n*/ '{actor} revoked an invitation'),
  classSet: say(/*i18n*/ '{actor} set the grade and homeroom of {target}'),
  emailChangeAsked: say(/*i18n*/ '{actor} asked to change their email address'),
  emailConfirmed: say(/*i18n*/ '{actor} confirmed their email address'),
  emailChangeUndone: say(/*i18n*/ '{actor} undid a change of their email address'),
  signInMethodsSaved: say(/*i18n*/ "{actor} changed the school's sign-in methods"),
  signInLinked: say(/*i18n*/ '{actor} linked a district sign-in ({detail})'),
  signInUnlinked: say(/*i18n*/ '{actor} unlinked a district sign-in ({detail})'),
  signedInByClass: say(/*i18n*/ '{actor} signed in with a class code'),
  classCodeOpened: say(/*i18n*/ '{actor} opened a class code'),
  classCodeOpenedFor: say(/*i18n*/ '{actor} opened a class code for homeroom {detail}'),
  classCodeClosed: say(/*i18n*/ '{actor} closed a class code'),
  classSignInLocked: say(
    /*i18n*/ '{actor} locked the class sign-in of {target} with five wrong picture tries',
  ),
  classSignInUnlocked: say(/*i18n*/ '{actor} unlocked the class sign-in of {target}'),
  secretPicturesRenewed: say(/*i18n*/ '{actor} gave {target} new secret pictures'),
  viewedClassCards: say(/*i18n*/ '{actor} viewed the class cards of homeroom {detail}'),
  badgeIssued: say(/*i18n*/ '{actor} made a new badge for {target}'),
  signedInByBadge: say(/*i18n*/ '{actor} signed in with their badge'),
  viewedBadges: say(/*i18n*/ '{actor} viewed the badges of homeroom {detail}'),
  viewedClassStudents: say(/*i18n*/ '{actor} viewed the students to pick for class sign-in'),
  rolledOver: say(
    /*i18n*/ '{actor} rolled the school year over: {promoted} students moved up a grade, {leaving} leaving ({deleted} deleted now), {reset} team names reset',
  ),
  familyCodeIssued: say(/*i18n*/ '{actor} made a new family code for {target}'),
  familyCodeRevoked: say(/*i18n*/ '{actor} revoked the family code of {target}'),
  guardianLinked: say(/*i18n*/ '{actor} linked themself as a family member of {target}'),
  guardianUnlinked: say(/*i18n*/ '{actor} removed a family member link of {target}'),
  deletionRequested: say(/*i18n*/ "{actor} asked the school to delete {target}'s data"),
  deletionRequestDeclined: say(
    /*i18n*/ "{actor} declined a family's request to delete {target}'s data",
  ),
  stressCheckInOn: say(/*i18n*/ "{actor} turned the school's stress check-in on"),
  stressCheckInOff: say(/*i18n*/ "{actor} turned the school's stress check-in off"),
  holidayAdded: say(/*i18n*/ '{actor} marked {detail} as a day without school'),
  holidayRemoved: say(/*i18n*/ '{actor} removed {detail} from the days without school'),
  teamRankingGoals: say(/*i18n*/ "{actor} set the students' team ranking to goals reached"),
  teamRankingPoints: say(/*i18n*/ "{actor} set the students' team ranking to points"),
  stressOptedOut: say(/*i18n*/ '{actor} opted {target} out of the stress check-in'),
  stressOptedIn: say(/*i18n*/ '{actor} opted {target} back in to the stress check-in'),
  counsellorAdded: say(/*i18n*/ '{actor} named {target} a counsellor'),
  counsellorRemoved: say(/*i18n*/ '{actor} removed {target} from the counsellors'),
} as const;

type Sentence = [TextTemplate, TextValues?];

/** The sentence of an action and the values it needs besides the actor. */
const ACTION_SENTENCES: Record<AuditAction, (target: string, detail: string | null) => Sentence> = {
  'sign_in.succeeded': () => [SENTENCES.signedIn],
  'sign_in.failed': (target) => [SENTENCES.failedSignIn, { target }],
  'password.reset': () => [SENTENCES.passwordReset],
  'role.switch': (target, detail) => [
    detail === 'staff' ? SENTENCES.madeStaff : SENTENCES.madeStudent,
    { target },
  ],
  'coordinator.add': (target) => [SENTENCES.madeCoordinator, { target }],
  'coordinator.remove': (target) => [SENTENCES.removedCoordinator, { target }],
  'semester.create': (target) => [SENTENCES.intervalCreated, { target }],
  'semester.activate': (target) => [SENTENCES.intervalActivated, { target }],
  'semester.deactivate': (target) => [SENTENCES.intervalDeactivated, { target }],
  'semester.update': (target, detail) =>
    detail
      ? [SENTENCES.intervalChangedFrom, { target, detail }]
      : [SENTENCES.intervalChanged, { target }],
  'semester.delete': (target, detail) => [SENTENCES.intervalDeleted, { target: detail ?? target }],
  'team.rename': (target, detail) =>
    detail ? [SENTENCES.teamRenamedFrom, { target, detail }] : [SENTENCES.teamRenamed, { target }],
  'team.coordinator_rename': (target, detail) => {
    const [from = '', to = target] = (detail ?? '').split(TEAM_NAMES_SEPARATOR);
    return [SENTENCES.teamRenamedByCoordinator, { detail: from, target: to }];
  },
  'payment.subscription': () => [SENTENCES.subscriptionPaid],
  'payment.donation': () => [SENTENCES.donationPaid],
  'view.student_points': () => [SENTENCES.viewedPoints],
  'view.school_users': () => [SENTENCES.viewedUsers],
  'view.team_members': (target) => [SENTENCES.viewedTeam, { target }],
  'export.student_points': () => [SENTENCES.exportedPoints],
  'export.school_users': () => [SENTENCES.exportedUsers],
  'user.export': (target) => [SENTENCES.exportedUser, { target }],
  'school.export': () => [SENTENCES.exportedSchool],
  'user.delete': (target) => [SENTENCES.deletedUser, { target }],
  'school.delete': () => [SENTENCES.deletingSchool],
  'school.delete_cancel': () => [SENTENCES.keptSchool],
  'consent.agree': (_target, detail) => {
    const [kinds = '', version = ''] = (detail ?? '').split(';');
    const parental = kinds.includes('parental_consent');
    if (!version) return [parental ? SENTENCES.consented : SENTENCES.agreed];
    return [parental ? SENTENCES.consentedVersion : SENTENCES.agreedVersion, { version }];
  },
  'roster.import': (_target, detail) => {
    // `created` came last (decision 0063): entries written before it have four counts.
    const [invited = '0', members = '0', pending = '0', refused = '0', created = '0'] = (
      detail ?? ''
    ).split(';');
    return [SENTENCES.rosterImported, { invited, created, members, pending, refused }];
  },
  'user.class_update': (target) => [SENTENCES.classSet, { target }],
  'student.create': (target) => [SENTENCES.studentAdded, { target }],
  'student.email_add': (target) => [SENTENCES.studentEmailAdded, { target }],
  'invitation.resend': () => [SENTENCES.invitationResent],
  'invitation.revoke': () => [SENTENCES.invitationRevoked],
  'email.change_request': () => [SENTENCES.emailChangeAsked],
  'email.confirm': () => [SENTENCES.emailConfirmed],
  'email.change_undo': () => [SENTENCES.emailChangeUndone],
  'sign_in_methods.update': () => [SENTENCES.signInMethodsSaved],
  'sign_in.link': (_target, detail) => [SENTENCES.signInLinked, { detail: detail ?? '' }],
  'sign_in.unlink': (_target, detail) => [SENTENCES.signInUnlinked, { detail: detail ?? '' }],
  'sign_in.class': () => [SENTENCES.signedInByClass],
  'class_code.open': (_target, detail) =>
    detail ? [SENTENCES.classCodeOpenedFor, { detail }] : [SENTENCES.classCodeOpened],
  'class_code.close': () => [SENTENCES.classCodeClosed],
  'class_sign_in.lock': (target) => [SENTENCES.classSignInLocked, { target }],
  'class_sign_in.unlock': (target) => [SENTENCES.classSignInUnlocked, { target }],
  'secret_pictures.renew': (target) => [SENTENCES.secretPicturesRenewed, { target }],
  'view.class_cards': (_target, detail) => [SENTENCES.viewedClassCards, { detail: detail ?? '' }],
  'badge.issue': (target) => [SENTENCES.badgeIssued, { target }],
  'sign_in.badge': () => [SENTENCES.signedInByBadge],
  'view.badges': (_target, detail) => [SENTENCES.viewedBadges, { detail: detail ?? '' }],
  'view.class_students': () => [SENTENCES.viewedClassStudents],
  'school.year_end_rollover': (_target, detail) => {
    const [promoted = '0', leaving = '0', deleted = '0', reset = '0'] = (detail ?? '').split(';');
    return [SENTENCES.rolledOver, { promoted, leaving, deleted, reset }];
  },
  'family_code.issue': (target) => [SENTENCES.familyCodeIssued, { target }],
  'family_code.revoke': (target) => [SENTENCES.familyCodeRevoked, { target }],
  'guardian.link': (target) => [SENTENCES.guardianLinked, { target }],
  'guardian.unlink': (target) => [SENTENCES.guardianUnlinked, { target }],
  'stress_check_in.on': () => [SENTENCES.stressCheckInOn],
  'stress_check_in.off': () => [SENTENCES.stressCheckInOff],
  'team_ranking.goals': () => [SENTENCES.teamRankingGoals],
  'team_ranking.points': () => [SENTENCES.teamRankingPoints],
  'holiday.add': (_target, detail) => [SENTENCES.holidayAdded, { detail: detail ?? '' }],
  'holiday.remove': (_target, detail) => [SENTENCES.holidayRemoved, { detail: detail ?? '' }],
  'stress.opt_out': (target) => [SENTENCES.stressOptedOut, { target }],
  'stress.opt_in': (target) => [SENTENCES.stressOptedIn, { target }],
  'counsellor.add': (target) => [SENTENCES.counsellorAdded, { target }],
  'counsellor.remove': (target) => [SENTENCES.counsellorRemoved, { target }],
  'deletion_request.create': (target) => [SENTENCES.deletionRequested, { target }],
  'deletion_request.decline': (target) => [SENTENCES.deletionRequestDeclined, { target }],
};

/** What a roster import's entry keeps in `detail`: its counts. */
export function rosterAuditDetail(counts: {
  new: number;
  created: number;
  member: number;
  invited: number;
  error: number;
}): string {
  return [counts.new, counts.member, counts.invited, counts.error, counts.created].join(';');
}

/** Team names hold no line break (teams.ts), so one parts the old name from the new. */
const TEAM_NAMES_SEPARATOR = '\n';

/**
 * What a coordinator's rename keeps in `detail`: the old and the new name, so the entry still says
 * what happened after later renames (the team's current name is not the one it was given then).
 */
export function teamRenameAuditDetail(oldName: string, newName: string): string {
  return `${oldName}${TEAM_NAMES_SEPARATOR}${newName}`;
}

/** What a consent entry keeps in `detail`: the kinds agreed to and the text version. */
export function consentAuditDetail(kinds: readonly string[], version: string): string {
  return `${kinds.join(',')};${version}`;
}

function actorName(actor: AuditEntry['actor'], speaker: Speaker): string {
  if (!actor) return speaker.t(AUDIT_NO_ACTOR);
  return actor.name ?? speaker.t(AUDIT_DELETED_USER);
}

/** A person gone is a "deleted user"; another thing gone is named by its id. */
function targetName(target: AuditEntry['target'], speaker: Speaker): string {
  if (!target) return '';
  if (target.name !== null) return target.name;
  return target.kind === 'user' ? speaker.t(AUDIT_DELETED_USER) : `#${target.id}`;
}

/**
 * "Ann Lee signed in", "deleted user viewed a page of Student points", in the speaker's language
 * (the web passes its active language's; names and dates stay as the log gives them).
 */
export function describeAuditEntry(entry: AuditEntry, speaker: Speaker = ENGLISH): string {
  const [sentence, values = {}] = ACTION_SENTENCES[entry.action](
    targetName(entry.target, speaker),
    entry.detail,
  );
  return speaker.t(sentence, { ...values, actor: actorName(entry.actor, speaker) });
}
