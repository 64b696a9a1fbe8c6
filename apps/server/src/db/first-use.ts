/**
 * A value made when first asked for, the same one ever after. Statements prepared with
 * drizzle are built on their first call rather than when a repository is made, so building
 * the app never touches the database; a database's close runs once however often it is
 * called (the promise of the first call is the answer of every later one).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
