import { z } from 'zod';
import { dateFormat } from './date-formats.ts';
import type { Language } from './i18n/languages.ts';
import { PASSWORD_MAX_LENGTH, SCHOOL_CODE_LENGTH } from './schemas.ts';

/**
 * Deleting an account or a whole school (issue 13, decision 0022). The school is closed at once
 * and purged after this many days, during which its admins can still export or cancel.
 */
export const SCHOOL_PURGE_GRACE_DAYS = 30;

export const DELETION_MESSAGES = {
  passwordRequired: /*i18n*/ 'Please enter your password to delete your account',
  studentCannotDeleteSelf:
    /*i18n*/ "A student's account is deleted by their school: please ask a parent to contact your school's coordinator.",
  coordinatorDeletesSchool:
    /*i18n*/ "A coordinator's account is deleted with the school: use Delete the school on your profile instead.",
  onlyStudentsOrStaff: /*i18n*/ 'Only a student or staff member of your school can be removed here',
  schoolCodeMismatch: /*i18n*/ 'The school code you typed does not match this school',
  accountDeleted: /*i18n*/ 'Your account and everything it logged have been deleted.',
  schoolClosedForMembers:
    /*i18n*/ 'Your school has been closed and is being deleted, so you can no longer sign in.',
  schoolClosedForAdmins:
    /*i18n*/ 'Your school is scheduled for deletion: you can only export its data or cancel the deletion.',
} as const;

const PURGE_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};

/** "…will be deleted on Tuesday, December 23, 2026" / "martes, 23 de diciembre de 2026". */
export function schoolPurgeDateText(purgeAfter: string, language: Language): string {
  return dateFormat(language, PURGE_DATE).format(new Date(purgeAfter));
}

/**
 * `DELETE /users/{id}`. Deleting your own account proves it with your password; an admin removing
 * someone of their school sends no body (the web app asks them to confirm instead).
 */
export const accountDeletionSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX_LENGTH, DELETION_MESSAGES.passwordRequired).optional(),
  })
  .nullish();
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/** The profile's form: the password is required there. */
export const accountDeletionFormSchema = z.object({
  password: z
    .string()
    .min(1, DELETION_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, DELETION_MESSAGES.passwordRequired),
});

/** `DELETE /schools/{id}`: the school code, typed as the confirmation (any case, spaces trimmed). */
export const schoolDeletionSchema = z.object({
  code: z
    .string({ error: DELETION_MESSAGES.schoolCodeMismatch })
    .trim()
    .max(SCHOOL_CODE_LENGTH * 4, DELETION_MESSAGES.schoolCodeMismatch)
    .toUpperCase(),
});
export type SchoolDeletionInput = z.infer<typeof schoolDeletionSchema>;

/** When a closed school is purged (ISO instant). */
export const schoolDeletionResponseSchema = z.object({ purge_after: z.string() });
export type SchoolDeletionResponse = z.infer<typeof schoolDeletionResponseSchema>;
