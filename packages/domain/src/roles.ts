/**
 * `guardian`: a parent linked to their children by family codes (decision 0075): in no team, asked
 * for no donation; distinct from `community_member`, who joins a team.
 */
export const ROLE_NAMES = ['admin', 'staff', 'student', 'community_member', 'guardian'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface HasRoles {
  user_school_roles: readonly { role: { name: string } }[];
}

export function hasRole(user: HasRoles | null | undefined, name: RoleName): boolean {
  return user?.user_school_roles.some((r) => r.role.name === name) ?? false;
}

/**
 * Who may read the school's join code (decision 0061): its staff and admins, who hand it out.
 * Students and family joined already and need it no more; the school decides who gets it.
 */
export function mayReadSchoolCode(roles: readonly RoleName[]): boolean {
  return roles.includes('staff') || roles.includes('admin');
}
