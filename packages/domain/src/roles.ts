/**
 * Roles of a user. Spec part 1 §6 names none; decided in docs/DECISIONS.md "Users and time
 * tracking": floor workers, supervisors (manage users of a sorting centre, time tracking) and
 * administrators.
 */
export const USER_ROLES = ['worker', 'supervisor', 'administrator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The order of the roles: an administrator is above a supervisor, a supervisor above a worker. */
const ROLE_RANK: Record<UserRole, number> = { worker: 0, supervisor: 1, administrator: 2 };

/** The rank of a user: that of their highest role (no role ranks as a worker). */
export function roleRank(roles: readonly UserRole[]): number {
  return Math.max(0, ...roles.map((role) => ROLE_RANK[role]));
}

/**
 * docs/DECISIONS.md "Users and time tracking": nobody acts on a user whose
 * role is above their own; equals may act on each other.
 */
export function mayActOn(actor: readonly UserRole[], target: readonly UserRole[]): boolean {
  return roleRank(actor) >= roleRank(target);
}
