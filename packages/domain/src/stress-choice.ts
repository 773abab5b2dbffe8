import { z } from 'zod';

/*
 * The stress question is the family's choice (issue 36 §3, decision 0073): the school's switch,
 * a child's opt-out, the notice families read (a PPRA notice), and the "I'd like to talk to
 * someone" request to the school's counsellors, which carries the child's name and nothing else.
 */

/**
 * The version of STRESS_NOTICE. Any change to its text gets a new version: each consent record
 * of a switch or an opt-out names the version that was shown.
 */
export const STRESS_NOTICE_VERSION = '2026-11-29';

/** The notice shown to families, paragraph by paragraph (EN source; Spanish in the catalog). */
export const STRESS_NOTICE: readonly string[] = [
  /*i18n*/ 'Each day Wellbank asks your child five questions about stress: how much stress they feel from people, money, their feelings, time and their health, each on a scale of faces from 1 (calm) to 5 (very stressed).',
  /*i18n*/ 'Answering is voluntary. A child may skip any question, or all of them, and nothing happens to them for it.',
  /*i18n*/ 'Only your child sees their ratings. Teachers, the school, other children and family members on their team never see them, not even as a total.',
  /*i18n*/ 'To opt your child out, ask the school. The stress questions then disappear from their app, and the ratings they gave before are deleted.',
];

export const STRESS_CHOICE_MESSAGES = {
  checkInOff: /*i18n*/ 'The stress check-in is off for this student',
  noticeVersionChanged: /*i18n*/ 'The notice has changed. Reload the page and read it again.',
  notAStudent: /*i18n*/ 'Only a student can be opted out of the stress check-in',
  notStaff: /*i18n*/ 'Only a staff member can be a counsellor',
  talkAlreadyAsked: /*i18n*/ 'You have already asked for a talk. Someone will come to you.',
  noCounsellor: /*i18n*/ 'Your school has not named a counsellor yet. Please talk to your teacher.',
  talkRequestGone: /*i18n*/ 'This request is not open any more',
  notCounsellor: /*i18n*/ 'Only the school’s counsellors see talk requests',
} as const;

const noticeVersion = z
  .string({ error: 'notice_version is required' })
  .max(40, 'notice_version is too long');

/** GET and PUT /schools/{id}/stress-check-in: the school-wide switch. */
export const stressCheckInSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  notice_version: z.string(),
});
export type StressCheckIn = z.infer<typeof stressCheckInSchema>;

export const stressCheckInRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  notice_version: noticeVersion,
});

/**
 * PUT /schools/{id}/students/{userId}/stress-opt-out: out (true) or back in (false), and the
 * version of the notice the family was shown.
 */
export const stressOptOutRequestSchema = z.object({
  opted_out: z.boolean({ error: 'opted_out must be true or false' }),
  notice_version: noticeVersion,
});

/** A student's stress choice as the coordinator sees it. */
export const stressOptOutSchema = z.object({
  user_id: z.number().int(),
  opted_out: z.boolean(),
});
export type StressOptOut = z.infer<typeof stressOptOutSchema>;

/** A staff member marked (or unmarked) as a counsellor. */
export const counsellorSchema = z.object({
  user_id: z.number().int(),
  is_counsellor: z.boolean(),
});

/** An open "I'd like to talk to someone" request, as a counsellor sees it: a name and a time. */
export const talkRequestSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** ISO instant. */
  asked_at: z.string(),
});
export type TalkRequest = z.infer<typeof talkRequestSchema>;
export const talkRequestsSchema = z.array(talkRequestSchema);

/** POST /talk-requests: whether the request was sent. */
export const talkRequestSentSchema = z.object({ asked_at: z.string() });
