/**
 * A value made when first asked for. Statements prepared with drizzle are built on their
 * first call rather than when a repository is made, so building the app never touches the
 * database and a statement no request needs is never built.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
