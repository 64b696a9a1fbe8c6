import { REPORT_TAGS, scrubText } from '@sorting/contracts';
import type { ErrorEvent } from '@sentry/react';

/**
 * The `beforeSend` scrubber (docs/DECISIONS.md "Error reporting"): no names, phone numbers,
 * addresses, pincodes, payment data, tokens, cookies or request bodies leave the browser. It
 * keeps what is known to be safe and drops the rest, so a field added to a contract later is
 * dropped too: the user's id only, our own tags, the browser and app contexts, exception types
 * and their text through `scrubText`, stack frames without their variables, the page's path
 * without its query.
 */

const KEPT_TAGS: ReadonlySet<string> = new Set(Object.values(REPORT_TAGS));
/** The contexts kept, each with the keys kept of it (a browser's name is not a person's). */
const KEPT_CONTEXTS: Readonly<Record<string, readonly string[]>> = {
  browser: ['name', 'version'],
  os: ['name', 'version'],
  app: ['app_version', 'app_build'],
};

/** A path or URL without query and fragment (a query may carry a barcode or a token). */
function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

function keptContexts(contexts: ErrorEvent['contexts']): ErrorEvent['contexts'] {
  if (!contexts) return undefined;
  const kept: NonNullable<ErrorEvent['contexts']> = {};
  for (const [name, keys] of Object.entries(KEPT_CONTEXTS)) {
    const context = contexts[name];
    if (!context) continue;
    kept[name] = Object.fromEntries(
      Object.entries(context).filter(
        ([key, value]) =>
          keys.includes(key) && (typeof value === 'string' || typeof value === 'number'),
      ),
    );
  }
  return kept;
}

export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const tags = Object.fromEntries(
    Object.entries(event.tags ?? {}).filter(([key]) => KEPT_TAGS.has(key)),
  );
  const userId = event.user?.id;
  return {
    ...event,
    message: event.message === undefined ? undefined : scrubText(event.message),
    logentry: undefined,
    user: userId === undefined ? undefined : { id: userId },
    tags,
    extra: undefined,
    breadcrumbs: undefined,
    contexts: keptContexts(event.contexts),
    request: event.request?.url ? { url: withoutQuery(event.request.url) } : undefined,
    transaction: event.transaction === undefined ? undefined : withoutQuery(event.transaction),
    server_name: undefined,
    exception: event.exception
      ? {
          values: event.exception.values?.map((exception) => ({
            type: exception.type,
            value: exception.value === undefined ? undefined : scrubText(exception.value),
            mechanism: exception.mechanism,
            stacktrace: exception.stacktrace
              ? {
                  frames: exception.stacktrace.frames?.map((frame) => ({
                    filename: frame.filename ? withoutQuery(frame.filename) : undefined,
                    function: frame.function,
                    lineno: frame.lineno,
                    colno: frame.colno,
                    in_app: frame.in_app,
                  })),
                }
              : undefined,
          })),
        }
      : undefined,
  };
}
