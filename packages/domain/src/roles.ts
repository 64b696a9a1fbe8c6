/**
 * Roles of a user. Spec part 1 §6 names none; decided in docs/DECISIONS.md: floor workers,
 * supervisors (manage users of a sorting centre, time tracking) and administrators.
 */
export const USER_ROLES = ['worker', 'supervisor', 'administrator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** True when the text is a known role. */
export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}
