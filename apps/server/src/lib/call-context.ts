import type { UserRole } from '@sorting/domain';

/** The signed-in user as routes and services see it (`request.user`). */
export interface SessionUser {
  id: number;
  number: number;
  name: string;
  roles: UserRole[];
  sortingCenterId: number | null;
  defaultWarehouseNumber: number | null;
}

/**
 * The warehouse a route names, resolved and authorised by the shared route hook before the
 * handler runs (docs/DECISIONS.md "Contract and errors", the warehouse on the route).
 */
export interface RouteWarehouse {
  id: number;
  number: number;
  code: string;
  sortingCenterId: number | null;
  isSinglePickingPerDevice: boolean;
  disableAutomove: boolean;
}

/**
 * What an operation id is bound to, computed at the edge (http/operation-id.ts): the route
 * called (`PUT /picking-api/…/{pickingId}/pay`) and a hash of its canonical input (path
 * parameters, query and body). The same id with another route or input is refused
 * (docs/DECISIONS.md "Contract and errors", operation ids).
 */
export interface OperationScope {
  route: string;
  requestHash: string;
}

/**
 * Who calls and under which operation id: the one context every service receives.
 * It carries no locale: services throw AppErrors with a message key and parameters, and the
 * error handler words them in the caller's language.
 */
export interface CallContext {
  user: SessionUser;
  /** `X-Operation-Id`: one id per user action; a replay answers the stored result. */
  operationId: string | null;
  /** The call the operation id is bound to; null exactly when there is no id. */
  operationScope: OperationScope | null;
  /**
   * The sorting centre the route's access declared (`{code}` of `/users-api/v1/{code}/…`),
   * already checked to be the user's; null on routes that name none.
   */
  sortingCenterId: number | null;
  /**
   * The warehouse the route's declaration names (`RouteDefinition.warehouse`), already checked
   * to be one the user may use; null when the route names none or it does not exist (the
   * service answers its own not-found).
   */
  warehouse: RouteWarehouse | null;
  /**
   * The guided workflow whose step makes this call's changes (sorting's door sets it): the
   * events they record name it (docs/DECISIONS.md "Guided workflows"). Absent elsewhere.
   */
  workflow?: string;
}

/** What a handler of a public route knows of its caller: a session is optional there. */
export interface PublicCallContext {
  user: SessionUser | null;
  operationId: string | null;
  operationScope: OperationScope | null;
}

/**
 * How every service receives its repository: a factory over a database handle, so
 * a read uses it over the database and a change over its transaction, and a unit test can give
 * a fake. `DbHandle` is the module's `Db` (kept generic here: lib does not import db).
 */
export type RepositoryFactory<DbHandle, Repository> = (db: DbHandle) => Repository;

/** The caller of a `/{code}/…` route: its access declared the sorting centre and checked it. */
export type CentreCallContext = CallContext & { sortingCenterId: number };

/** The sorting centre of a `/{code}/…` route; the route's access guarantees it. */
export function centreCallOf(call: CallContext): CentreCallContext {
  if (call.sortingCenterId === null) throw new Error('a sorting centre route without its centre');
  return { ...call, sortingCenterId: call.sortingCenterId };
}

/** What an event's payload adds when a guided workflow's step made it: the workflow's name. */
export function byWorkflow(context: Pick<CallContext, 'workflow'>): { workflow?: string } {
  return context.workflow === undefined ? {} : { workflow: context.workflow };
}

/**
 * The integration key behind an `apiKey` route (`Authorization: Bearer`, docs/DECISIONS.md
 * "Integration"), already found active and holding the route's scope.
 */
export interface ApiKeyCaller {
  id: number;
  sortingCenterId: number;
  /** The one warehouse the key is limited to, or null: every warehouse of its centre. */
  warehouseId: number | null;
  scopes: readonly string[];
}

/** What a handler of an `apiKey` route knows of its caller: the key, never a user. */
export interface ApiKeyCallContext {
  apiKey: ApiKeyCaller;
}
