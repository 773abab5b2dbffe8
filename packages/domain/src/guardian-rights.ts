import { z } from 'zod';

/**
 * A guardian's rights over their child's data (issue 36 §2, decision 0081): download it (the
 * child's own export, without stress) and ask the school to delete it. The coordinator carries the
 * deletion out (today's deletion of a student) or declines; one open request per child.
 */

export const DELETION_REQUEST_STATUSES = ['open', 'declined', 'done'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

export const GUARDIAN_RIGHTS_MESSAGES = {
  alreadyOpen:
    /*i18n*/ "A request to delete this child's data is already open. The school will answer it.",
  notOpen: /*i18n*/ 'This request has already been answered.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const person = z.object({ first_name: z.string(), last_name: z.string() });

/**
 * `GET /family/deletion-requests`: the guardian's requests, newest first. `child` is null once the
 * school deleted the child (nothing of theirs is kept, not even the name).
 */
export const guardianDeletionRequestSchema = z.object({
  id,
  child: person.extend({ id }).nullable(),
  status: z.enum(DELETION_REQUEST_STATUSES),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
});
export type GuardianDeletionRequest = z.infer<typeof guardianDeletionRequestSchema>;
export const guardianDeletionRequestsSchema = z.array(guardianDeletionRequestSchema);

/** `GET /schools/{id}/deletion-requests`: the school's open requests, oldest first. */
export const openDeletionRequestSchema = z.object({
  id,
  child: person.extend({ id }),
  guardian: person,
  requested_at: z.string(),
});
export type OpenDeletionRequest = z.infer<typeof openDeletionRequestSchema>;
export const openDeletionRequestsSchema = z.array(openDeletionRequestSchema);

/** `POST /schools/{id}/deletion-requests/{requestId}/decision`: delete the child, or decline. */
export const deletionDecisionSchema = z.strictObject({ decision: z.enum(['delete', 'decline']) });
export type DeletionDecision = z.infer<typeof deletionDecisionSchema>;
