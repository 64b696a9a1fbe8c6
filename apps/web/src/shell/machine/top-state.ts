import type { StateValue } from 'xstate';

/**
 * The top-level state a snapshot is in (a page's `data-view`): the value itself, or the one key
 * of a compound state's value; `before` while there is no snapshot yet (or no key).
 */
export function topStateOf<TView extends string>(
  snapshot: { value: StateValue } | null,
  before: TView,
): TView {
  if (!snapshot) return before;
  const { value } = snapshot;
  return ((typeof value === 'string' ? value : Object.keys(value)[0]) ?? before) as TView;
}
