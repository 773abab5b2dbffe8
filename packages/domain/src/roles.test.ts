import { describe, expect, it } from 'vitest';
import { hasRole } from './roles.ts';

const coordinator = {
  user_school_roles: [{ role: { name: 'admin' } }, { role: { name: 'staff' } }],
};

describe('hasRole', () => {
  it('finds a role among the user’s school roles', () => {
    expect(hasRole(coordinator, 'admin')).toBe(true);
    expect(hasRole(coordinator, 'staff')).toBe(true);
  });
  it('does not find a role the user lacks', () => {
    expect(hasRole(coordinator, 'student')).toBe(false);
    expect(hasRole({ user_school_roles: [] }, 'admin')).toBe(false);
  });
  it('answers false without a user', () => {
    expect(hasRole(null, 'admin')).toBe(false);
    expect(hasRole(undefined, 'staff')).toBe(false);
  });
});
