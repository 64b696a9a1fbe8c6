import { describe, expect, it } from 'vitest';
import { createErrorReporter, fCodeOf, type PendingReport } from './error-reporter';

const context = {
  user: { userId: '7', defaultWarehouseNumber: '3' },
  path: '/ru/sorting',
  requestId: 'req-1',
};

describe('the error reporter', () => {
  it('loads the SDK with the first report only and hands it what came before', async () => {
    const sent: PendingReport[] = [];
    let loads = 0;
    const reporter = createErrorReporter(
      async () => {
        loads += 1;
        return { send: (report) => sent.push(report), dropped: () => 0 };
      },
      () => context,
    );
    expect(loads).toBe(0);
    reporter.captureToast('f-0004');
    reporter.captureException(new Error('boom'), { flow: 'sortingEntry.searchZone' });
    await Promise.resolve();
    await Promise.resolve();
    expect(loads).toBe(1);
    expect(sent.map((report) => report.kind)).toEqual(['toast', 'exception']);
    expect(sent[0]).toMatchObject({ fCode: 'f-0004', context });
    expect(sent[1]).toMatchObject({ flow: 'sortingEntry.searchZone', context });
  });

  it('drops and counts what waited when the SDK cannot load, and tries again later', async () => {
    let fail = true;
    const sent: PendingReport[] = [];
    const reporter = createErrorReporter(
      () =>
        fail
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({
              send: (report: PendingReport) => sent.push(report),
              dropped: () => 2,
            }),
      () => context,
    );
    reporter.captureToast(null);
    reporter.captureToast('f-0001');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reporter.droppedCount()).toBe(2);
    fail = false;
    reporter.captureToast('f-0002');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    // The SDK's own count (the ingest down) adds to it.
    expect(reporter.droppedCount()).toBe(4);
  });

  it('reads f-codes only from f-code keys', () => {
    expect(fCodeOf('f-0012')).toBe('f-0012');
    expect(fCodeOf('serverMessage')).toBeNull();
    expect(fCodeOf(undefined)).toBeNull();
  });
});
