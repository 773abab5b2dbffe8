import { z } from 'zod';
import { requiredMessage, tooLongMessage } from './messages.ts';

/**
 * A team's name (issue #16 §6, decision 0031): made from its captain's name at sign-up
 * ("{first_name} {last initial}.", DESIGN.md §1.5), then the team's own. Renaming yourself does
 * not rename your team; only its captain renames it, on /team.
 */
export const TEAM_NAME_MAX = 50;

export function teamNameFor(firstName: string, lastName: string): string {
  return `${firstName} ${lastName.charAt(0).toUpperCase()}.`;
}

export const TEAM_MESSAGES = {
  nameRequired: requiredMessage(/*i18n*/ 'Team name'),
  nameTooLong: tooLongMessage(/*i18n*/ 'Team name', TEAM_NAME_MAX),
  nameNeedsLetter: /*i18n*/ 'Team name must contain a letter or a digit',
  nameControl: /*i18n*/ 'Team name may not contain line breaks or control characters',
  onlyCaptain: /*i18n*/ "Only the team's captain can rename it",
  renamed: /*i18n*/ 'Team renamed.',
} as const;

/** PATCH /teams/{id}: the new name, trimmed and with its inner spaces folded. */
export const teamRenameSchema = z.object({
  name: z
    .string({ error: TEAM_MESSAGES.nameRequired })
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, TEAM_MESSAGES.nameRequired)
        .max(TEAM_NAME_MAX, TEAM_MESSAGES.nameTooLong)
        // Checked on the raw text's folded form: \s already took tabs and line breaks away.
        .refine((name) => !/\p{Cc}/u.test(name), TEAM_MESSAGES.nameControl)
        .refine((name) => /[\p{L}\p{N}]/u.test(name), TEAM_MESSAGES.nameNeedsLetter),
    ),
});
export type TeamRenameInput = z.infer<typeof teamRenameSchema>;
