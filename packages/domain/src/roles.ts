export const ROLE_NAMES = ['admin', 'staff', 'student', 'community_member'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface HasRoles {
  user_school_roles: readonly { role: { name: string } }[];
}

export function hasRole(user: HasRoles | null | undefined, name: RoleName): boolean {
  return user?.user_school_roles.some((r) => r.role.name === name) ?? false;
}
