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

const field = (record: Record<string, unknown>, camel: string): unknown => {
  if (camel in record) return record[camel];
  return record[camel.charAt(0).toUpperCase() + camel.slice(1)];
};

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/**
 * Reads the user search's OperationObject in either casing; null when it carries no user id.
 * Field names follow spec part 1 §3: Id → userId, Number, Name → userName, DefaultWarehouseNumber.
 */
export function toSessionUser(operationObject: unknown): SessionUser | null {
  if (typeof operationObject !== 'object' || operationObject === null) return null;
  const record = operationObject as Record<string, unknown>;
  const userId = text(field(record, 'id')) ?? text(field(record, 'userId'));
  if (!userId) return null;
  const roles = field(record, 'roles');
  return {
    userId,
    number: text(field(record, 'number')),
    userName: text(field(record, 'name')) ?? text(field(record, 'userName')) ?? '',
    defaultWarehouseNumber: text(field(record, 'defaultWarehouseNumber')),
    // Kept as given: a role the app does not know grants nothing (features/home/home-menu.ts).
    roles: Array.isArray(roles) ? roles.map(String) : [],
    sortingCenterId: text(field(record, 'sortingCenterId')),
  };
}
