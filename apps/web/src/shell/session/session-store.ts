import type { TSessionUser } from '@sorting/contracts';
/** The signed-in user (spec part 1 §3, from the user search: Id, Number, Name, DefaultWarehouseNumber). */
export interface SessionUser {
  userId: string;
  number: string | null;
  userName: string;
  defaultWarehouseNumber: string | null;
  /** Ours (the answer's Roles, `UserRole`s of the domain): what the user may open. */
  roles?: readonly string[];
  /** Ours (the answer's SortingCenterId): null for a warehouse outside any sorting centre. */
  sortingCenterId?: string | null;
}

/** Holds the user for the session; later issues add warehouse, zone and devices. */
export interface SessionStore {
  getUser(): SessionUser | null;
  setUser(user: SessionUser | null): void;
  subscribe(listener: () => void): () => void;
}

/** Creates an empty session. */
export function createSessionStore(): SessionStore {
  let user: SessionUser | null = null;
  const listeners = new Set<() => void>();
  return {
    getUser: () => user,
    setUser(next) {
      user = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const text = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/**
 * The signed-in user of the user search's (and sign-in's) OperationObject, `TSessionUser` of the
 * contract; null without one. Field names follow spec part 1 §3: Id → userId, Number, Name →
 * userName, DefaultWarehouseNumber.
 */
export function toSessionUser(user: TSessionUser | null | undefined): SessionUser | null {
  if (!user || typeof user.Id !== 'number') return null;
  return {
    userId: String(user.Id),
    number: text(user.Number),
    userName: user.Name,
    defaultWarehouseNumber: text(user.DefaultWarehouseNumber),
    // Kept as given: a role the app does not know grants nothing (features/home/home-menu.ts).
    roles: user.Roles,
    sortingCenterId: text(user.SortingCenterId),
  };
}
