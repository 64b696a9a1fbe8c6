/**
 * The failures of /topology, each a toast with the server's message (ours: the spec shows no
 * topology messages; docs/DECISIONS.md "Topology").
 */
export type TopologyCode = 'f-0001' | 'f-0002' | 'f-0003' | 'f-0004' | 'f-0005';

/** Supervisors and administrators change zones and cells (the server checks the centre too). */
export function isManager(user: { roles?: readonly string[] } | null): boolean {
  return (user?.roles ?? []).some((role) => role === 'supervisor' || role === 'administrator');
}
