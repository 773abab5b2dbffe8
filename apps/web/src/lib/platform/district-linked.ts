/**
 * Router state with which /login/district sends the browser to /profile after a district
 * account was linked there (decision 0050), for /profile to say so. Both features read it here.
 */
export const DISTRICT_LINKED_STATE = { districtSignInLinked: true } as const;

export function cameFromDistrictLink(state: unknown): boolean {
  return (state as Partial<typeof DISTRICT_LINKED_STATE> | null)?.districtSignInLinked === true;
}
