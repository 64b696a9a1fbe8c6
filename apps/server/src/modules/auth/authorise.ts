import { AppError } from '@sorting/contracts';
import type { SessionUser } from './auth.service.js';

/** What authorisation needs to know of a warehouse. */
export interface WarehouseScope {
  number: number;
  sortingCenterId: number | null;
}

/**
 * Architecture "Data and identity": a user may use a warehouse of their own sorting centre,
 * or their default warehouse (a worker of a warehouse outside any sorting centre).
 * Administrators are bound to their sorting centre too.
 */
export function canUseWarehouse(user: SessionUser, warehouse: WarehouseScope): boolean {
  const isOwnSortingCenter =
    user.sortingCenterId !== null && warehouse.sortingCenterId === user.sortingCenterId;
  return isOwnSortingCenter || user.defaultWarehouseNumber === warehouse.number;
}

/** Throws AppError('forbidden') unless the user may use the warehouse. */
export function authoriseWarehouse(
  user: SessionUser,
  warehouse: WarehouseScope,
  message?: string,
): void {
  if (!canUseWarehouse(user, warehouse)) {
    throw new AppError('forbidden', { message: message ?? 'Forbidden' });
  }
}

/** Roles that manage a sorting centre: its users and its worked-time report. */
const MANAGER_ROLES = new Set(['supervisor', 'administrator']);

/** True when the user is a supervisor or an administrator. */
export function isManager(user: SessionUser): boolean {
  return user.roles.some((role) => MANAGER_ROLES.has(role));
}

/**
 * A sorting centre's calls (`/users-api/v1/{code}`, `/timetracking-api/v1/{code}`) are for
 * its own people only; `managersOnly` further requires a supervisor or an administrator.
 * Throws AppError('forbidden') (spec part 1 §6: 403 → f-007).
 */
export function authoriseSortingCenter(
  user: SessionUser,
  sortingCenterId: number,
  options: { managersOnly: boolean; message: string; managersMessage?: string },
): void {
  if (user.sortingCenterId !== sortingCenterId) {
    throw new AppError('forbidden', { message: options.message });
  }
  if (options.managersOnly && !isManager(user)) {
    throw new AppError('forbidden', { message: options.managersMessage ?? options.message });
  }
}
