import type { SessionUser } from './call-context.js';

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
