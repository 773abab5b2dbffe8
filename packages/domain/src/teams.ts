import { z } from 'zod';
import { NO_CONTROL_CHARACTERS, requiredMessage, tooLongMessage } from './messages.ts';

/**
 * A team's name (issue #16 §6, decision 0031): made from its captain's name at sign-up
 * ("{first_name} {last initial}.", DESIGN.md §1.5), then the team's own. Renaming yourself does
 * not rename your team; its captain renames it on /team, a coordinator on /schools/teams.
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
  notAllowed:
    /*i18n*/ 'Please choose another name: team names are seen by every family of the school.',
  renamed: /*i18n*/ 'Team renamed.',
} as const;

/** A team name someone types: trimmed and with its inner spaces folded. */
const teamNameField = z
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
  );

/** PATCH /teams/{id}: the captain's new name for their team. */
export const teamRenameSchema = z.object({ name: teamNameField });
export type TeamRenameInput = z.infer<typeof teamRenameSchema>;

/**
 * PATCH /schools/{id}/teams/{teamId} (decision 0046): a coordinator renames any team of the
 * school, or resets it with `null` to its default, "{first_name} {last initial}." of its captain
 * (of its longest-standing member when it has no captain).
 */
export const schoolTeamRenameSchema = z.object({
  name: teamNameField
    .nullable()
    .describe("The new name, or null for the default made from the captain's name"),
});
export type SchoolTeamRenameInput = z.infer<typeof schoolTeamRenameSchema>;

/** A team as the coordinator's Teams page lists it. */
export const schoolTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "{first_name} {last_name}" of the captain; null when the captain's account is gone. */
  captain_name: z.string().nullable(),
  num_team_users: z.number().int(),
});
export type SchoolTeam = z.infer<typeof schoolTeamSchema>;

/** How many teams GET /schools/{id}/teams answers at most: a search narrows a big school. */
export const SCHOOL_TEAMS_LIMIT = 50;

export const schoolTeamsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(TEAM_NAME_MAX, TEAM_MESSAGES.nameTooLong)
    .regex(NO_CONTROL_CHARACTERS, TEAM_MESSAGES.nameControl)
    .optional()
    .describe("Only teams whose name or captain's name contains this text (any case)"),
});
