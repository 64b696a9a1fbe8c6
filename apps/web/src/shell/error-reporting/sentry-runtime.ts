import * as Sentry from '@sentry/react';
import { REPORT_TAGS } from '@sorting/contracts';
import { splitLocalePath } from '@sorting/domain';
import { queryClient } from '../../lib/query-client';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { APP_BUILD, APP_VERSION } from './app-version';
import type { PendingReport, ReportingRuntime } from './error-reporter';
import { scrubEvent } from './scrub-event';

/**
 * The Sentry SDK, loaded lazily by `error-reporter.ts`. Its default integrations are left
 * out: the page's handlers are ours (they queue before this chunk loads), breadcrumbs could
 * carry what a worker typed, and sessions are not wanted. Sent in the background by the SDK's
 * fetch transport (its buffer bounds what waits); what the ingest refuses or never takes is
 * counted.
 */
export async function createSentryRuntime(): Promise<ReportingRuntime> {
  const settings = await queryClient.ensureQueryData(runtimeSettingsQuery);
  return startSentry({
    dsn: settings.errorReportsDsn,
    release: APP_VERSION,
    build: APP_BUILD,
    browser: browserOf(navigator.userAgent),
  });
}

function startSentry(options: {
  dsn: string;
  release: string;
  build: string;
  browser: { name: string; version: string } | null;
}): ReportingRuntime {
  let dropped = 0;
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    defaultIntegrations: false,
    integrations: [Sentry.dedupeIntegration(), Sentry.linkedErrorsIntegration()],
    sendClientReports: false,
    maxBreadcrumbs: 0,
    // No personal data collected by the SDK itself; Sentry is not to infer the IP either.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    transport: (transportOptions) => {
      const transport = Sentry.makeFetchTransport(transportOptions);
      return {
        ...transport,
        send: (envelope) =>
          transport.send(envelope).then(
            (response) => {
              if (response.statusCode !== undefined && response.statusCode >= 400) dropped += 1;
              return response;
            },
            (error: unknown) => {
              dropped += 1;
              throw error;
            },
          ),
      };
    },
    beforeSend: (event) => scrubEvent(event),
  });
  if (options.browser) Sentry.setContext('browser', options.browser);
  Sentry.setTag(REPORT_TAGS.build, options.build);

  return {
    send(report: PendingReport) {
      Sentry.withScope((scope) => {
        const { user, path, requestId } = report.context;
        // The user's id and warehouse only: the session's name stays here.
        scope.setUser(user ? { id: user.userId } : null);
        scope.setTag(REPORT_TAGS.requestId, requestId);
        scope.setTag(REPORT_TAGS.route, splitLocalePath(path).path);
        if (user?.defaultWarehouseNumber) {
          scope.setTag(REPORT_TAGS.warehouse, user.defaultWarehouseNumber);
        }
        if (report.fCode) scope.setTag(REPORT_TAGS.fCode, report.fCode);
        if (report.kind === 'exception') {
          if (report.flow) scope.setTag(REPORT_TAGS.flow, report.flow);
          Sentry.captureException(report.error);
        } else {
          Sentry.captureMessage(report.fCode ? `toast ${report.fCode}` : 'error toast', 'error');
        }
      });
    },
    dropped: () => dropped,
  };
}

/** The browser's name and major version from its user agent (Sentry's `browser` context). */
export function browserOf(userAgent: string): { name: string; version: string } | null {
  const match = /(Edg|OPR|Firefox|Chrome|Version)\/(\d+)/.exec(userAgent);
  if (!match?.[1] || !match[2]) return null;
  const names: Record<string, string> = {
    Edg: 'Edge',
    OPR: 'Opera',
    Firefox: 'Firefox',
    Chrome: 'Chrome',
    Version: 'Safari',
  };
  return { name: names[match[1]] ?? match[1], version: match[2] };
}
