import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workflowProcessPath } from '@sorting/contracts';
import { consolidations, parcels, returnableBoxes, users, workflowRuns } from '../src/db/schema.js';
import { rowsOf } from '../src/db/raw-rows.js';
import { WEB_HEADERS } from './sessions.js';
import { BADGES, newOperationId, signInClient } from './sorting-client.js';
import { processCall, useWorkflowTestApp, workflowDriver } from './workflow-client.js';

// Guided workflows, part 1 (docs/DECISIONS.md "Guided workflows"; spec part 1 §3, §4, §7): the
// process call over the demo seed (demo-workflows-data.ts), each step of the three tables.

const setup = useWorkflowTestApp();
const { snapshot, boxByBarcode } = setup;

describe('the process call', () => {
  it('answers 401 without a session, 403 for another centre, 404 for a workflow not served', async () => {
    const anonymous = await setup.context.app.inject({
      method: 'POST',
      url: workflowProcessPath(34717, 'placing'),
      headers: WEB_HEADERS,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const otherCentre = await processCall(
      setup.worker,
      'placing',
      undefined,
      undefined,
      newOperationId(),
      1201,
    );
    expect(otherCentre.status).toBe(403);
    expect(otherCentre.envelope.errorCode).toBe(403);
    const foreign = await processCall(setup.foreignWorker, 'placing', undefined);
    expect(foreign.status).toBe(403);
    // Every workflow of spec part 1 §1 is served now (packing the last): an unknown name.
    const unknown = await processCall(setup.worker, 'no-such-workflow', undefined);
    expect(unknown.status).toBe(404);
    expect(unknown.envelope.errorCode).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await snapshot();
    const path = workflowProcessPath(34717, 'print-box-sticker');
    for (const body of [
      { action: { code: 'NoSuchCode' } },
      { action: { code: 'BarcodeScanned' } },
      { action: { code: 'StickerCountSelected', count: 51 } },
      { action: { code: 'StickerCountSelected', count: 0 } },
      { action: { code: 'BarcodeScanned', barcode: 'x'.repeat(201) } },
      { action: { code: 'BarcodeScanned', barcode: 'a\u0001b' } },
      { currentState: { code: 'NoSuchState', runId: null, version: 0 } },
    ]) {
      const response = await setup.worker.call('POST', path, body, newOperationId());
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('print-box-sticker', () => {
  it('creates that many boxes of the scanned size, one label each, and starts over', async () => {
    const flow = workflowDriver(setup.worker, 'print-box-sticker');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitStickerCount',
      version: 1,
      options: { count: { min: 1, max: 50 } },
    });
    const size = await flow.accept({ code: 'StickerCountSelected', count: 3 });
    expect(size.currentState).toMatchObject({
      code: 'WaitSizeAndPrint',
      version: 2,
      expects: ['dt'],
    });
    expect(size.currentState.options.canSkip).toBe(true);
    const printed = await flow.scan('DIM-S');
    expect(printed.currentState).toMatchObject({ code: 'WaitStickerCount', version: 3 });
    expect(printed.result.sounds).toEqual(['ok-new']);
    expect(printed.result.print).toHaveLength(3);
    const numbers = printed.result.print.map((job) => Number(job.barcodeData[1]!.value));
    expect(printed.result.notification).toEqual({
      status: 'success',
      content: `Созданы короба ${numbers[0]}–${numbers[2]}`,
    });
    for (const job of printed.result.print) {
      expect(job.barcodeName).toBe('box');
      const box = await boxByBarcode(job.barcodeData[0]!.value);
      expect(box).toMatchObject({ lengthCm: 30, widthCm: 20, heightCm: 15, cellId: null });
    }
    // Without a size: SkipClick.
    await flow.accept({ code: 'StickerCountSelected', count: 1 });
    const single = await flow.accept({ code: 'SkipClick' });
    expect(single.result.print).toHaveLength(1);
    const box = await boxByBarcode(single.result.print[0]!.barcodeData[0]!.value);
    expect(box.lengthCm).toBeNull();
    expect(single.result.notification?.content).toMatch(/^Создан короб \d+$/);
  });

  it('refuses an unknown dimension type and a scan of another kind, nothing changed', async () => {
    const flow = workflowDriver(setup.worker, 'print-box-sticker');
    await flow.accept();
    await flow.accept({ code: 'StickerCountSelected', count: 2 });
    const before = await snapshot();
    const unknown = await flow.send({ code: 'BarcodeScanned', barcode: 'DIM-NONE' });
    expect(unknown.envelope).toMatchObject({ isSuccess: false, errorCode: 104 });
    expect(unknown.answer.currentState).toMatchObject({ code: 'WaitSizeAndPrint' });
    expect(unknown.answer.result.notification?.status).toBe('error');
    const cell = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-7-d-06' });
    expect(cell.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Ожидается: типоразмер',
    });
    const wrongAction = await flow.send({ code: 'PlaceClick' });
    expect(wrongAction.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(before);
    await flow.send({ code: 'Closed' });
  });
});

describe('placing', () => {
  it('places a box and a returnable box into cells', async () => {
    const flow = workflowDriver(setup.worker, 'placing');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({ code: 'WaitBox', expects: ['box', 'container'] });
    const before = await snapshot();
    const parcel = await flow.send({ code: 'BarcodeScanned', barcode: 'P100011' });
    expect(parcel.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Ожидается: короб или оборотная тара',
    });
    expect(parcel.answer.currentState).toEqual(start.currentState);
    expect(await snapshot()).toEqual(before);

    expect((await flow.scan('_34717-163')).currentState).toMatchObject({ code: 'WaitCell' });
    // Another box replaces the one held; the container then goes in.
    const replaced = await flow.scan('_R34717-12');
    expect(replaced.currentState.prompt).toEqual({
      key: 'placingCellForContainer',
      params: { barcode: '_R34717-12' },
    });
    const placedContainer = await flow.scan('=34717-7-d-02');
    expect(placedContainer.currentState.code).toBe('WaitBox');
    const [container] = await setup.context.database.db
      .select()
      .from(returnableBoxes)
      .where(eq(returnableBoxes.barcode, '_R34717-12'));
    expect(container).toMatchObject({ locationCode: '=34717-7-d-02', locationName: '7-d-02' });

    await flow.scan('_34717-163');
    const placed = await flow.scan('=34717-7-d-01');
    expect(placed.result.notification?.content).toBe('Короб _34717-163 помещён в ячейку 7-d-01');
    const box = await boxByBarcode('_34717-163');
    expect(box.cellId).not.toBeNull();

    // SkipClick drops the box held.
    await flow.scan('_34717-163');
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitBox');
  });
});

describe('the run', () => {
  it('resumes on Refresh, replays an operation id, answers 409 with the real state', async () => {
    const flow = workflowDriver(setup.otherWorker, 'placing');
    const first = await flow.accept();
    flow.reset();
    const resumed = await flow.accept();
    expect(resumed.currentState).toEqual(first.currentState);

    const id = newOperationId();
    const scanned = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-163' }, id);
    expect(scanned.envelope.isSuccess).toBe(true);
    const replay = await processCall(
      setup.otherWorker,
      'placing',
      first.currentState,
      {
        code: 'BarcodeScanned',
        barcode: '_34717-163',
      },
      id,
    );
    expect(replay.envelope.isRepeat).toBe(true);
    expect(replay.answer).toEqual(scanned.answer);

    const before = await snapshot();
    const stale = await processCall(setup.otherWorker, 'placing', first.currentState, {
      code: 'SkipClick',
    });
    expect(stale.envelope).toMatchObject({ isSuccess: false, errorCode: 409 });
    expect(stale.answer.currentState).toMatchObject({
      code: 'WaitCell',
      version: first.currentState.version + 1,
    });
    expect(stale.answer.result.notification?.status).toBe('info');
    expect(await snapshot()).toEqual(before);
  });

  it("keeps two users' runs apart; another user's run is 403", async () => {
    const mine = await workflowDriver(setup.worker, 'placing').accept();
    const theirs = await workflowDriver(setup.otherWorker, 'placing').accept();
    expect(mine.currentState.runId).not.toBe(theirs.currentState.runId);
    const intruder = await processCall(setup.worker, 'placing', theirs.currentState, {
      code: 'SkipClick',
    });
    expect(intruder.status).toBe(403);
  });

  it('answers WaitAuthentication to a user of the centre without a default warehouse', async () => {
    const db = setup.context.database.db;
    await db
      .update(users)
      .set({ defaultWarehouseNumber: null })
      .where(eq(users.name, 'Петрова Мария'));
    const office = await signInClient(setup.context.app, '~S2001-9TB4', () => 0);
    const answer = await workflowDriver(office, 'placing').accept();
    expect(answer.currentState).toMatchObject({ code: 'WaitAuthentication', runId: null });
    const refused = await processCall(office, 'placing', answer.currentState, {
      code: 'SkipClick',
    });
    expect(refused.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(refused.answer.currentState.code).toBe('WaitAuthentication');
  });
});

describe('consolidating', () => {
  it('opens a consolidation of OMS-05, fills it by scans and PlaceClick, completes it', async () => {
    const flow = workflowDriver(setup.worker, 'consolidating');
    expect((await flow.accept()).currentState).toMatchObject({
      code: 'WaitWhat',
      expects: ['parcel'],
    });
    expect((await flow.scan('P440001')).currentState.code).toBe('WaitCell');
    const held = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-7-a-01' });
    expect(held.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(held.envelope.message).toContain('7-a-01');
    expect((await flow.scan('=34717-7-c-01')).currentState.code).toBe('WaitBox');
    const busyBox = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-164' });
    expect(busyBox.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    const opened = await flow.scan('_34717-161');
    expect(opened.currentState).toMatchObject({ code: 'WaitWhere', expects: ['cell', 'box'] });
    expect(opened.items.map((item) => item.barcode)).toEqual([
      'P440001',
      'P440002',
      'P440003',
      'P440004',
    ]);
    expect(opened.items.find((item) => item.isCurrent)?.barcode).toBe('P440001');
    expect(opened.currentState.options.canPlace).toBe(false);

    const wrong = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-7-c-02' });
    expect(wrong.envelope.message).toBe('Не то место: посылку — в ячейку 7-c-01, короб _34717-161');
    const first = await flow.scan('=34717-7-c-01');
    expect(first.currentState.code).toBe('WaitWhat');
    expect(first.result.notification?.content).toBe('1 из 4 собрано');

    const where = await flow.scan('P440002');
    expect(where.currentState.options.canPlace).toBe(true);
    expect((await flow.accept({ code: 'PlaceClick' })).result.notification?.content).toBe(
      '2 из 4 собрано',
    );
    await flow.scan('P440003');
    expect((await flow.scan('_34717-161')).result.notification?.content).toBe('3 из 4 собрано');

    const done = await flow.accept({ code: 'TaskCompleted' });
    expect(done.result.sounds).toEqual(['success-big']);
    const box = await boxByBarcode('_34717-161');
    expect(box.isClosed).toBe(true);
    const [row] = await setup.context.database.db
      .select()
      .from(consolidations)
      .where(eq(consolidations.boxId, box.id));
    expect(row).toMatchObject({ destinationKey: 'OMS-05', destinationName: 'Омск' });
    expect(row!.completedAt).not.toBeNull();
    const inBox = await setup.context.database.db
      .select()
      .from(parcels)
      .where(eq(parcels.boxId, box.id));
    expect(inBox.map((p) => p.number).sort()).toEqual(['P440001', 'P440002', 'P440003']);

    // /deconsolidation shows it completed.
    const shown = await setup.worker.call(
      'GET',
      '/deconsolidating-api/v1/MSK-SC1/Consolidating/_34717-161',
    );
    expect(shown.json()).toMatchObject({ IsSuccess: true, OperationObject: { IsCompleted: true } });

    // /vision names the workflow of the step: «помещено в ячейку 7-c-01 · консолидация».
    const vision = await setup.worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: 'P440002',
    });
    const history = vision.json().OperationObject.visionFragments;
    expect(history.find((step: { kind: string }) => step.kind === 'parcel.moved')).toMatchObject({
      cellName: '7-c-01',
      boxNumber: 161,
      workflow: 'consolidating',
    });
  });
});

describe('run lifetime', () => {
  it('closes a run on Closed and one idle for 12 hours on the next Refresh', async () => {
    const flow = workflowDriver(setup.otherWorker, 'print-box-sticker');
    const first = await flow.accept();
    const closed = await flow.accept({ code: 'Closed' });
    expect(closed.currentState).toMatchObject({ code: 'InitialState', runId: null });
    const second = await flow.accept();
    expect(second.currentState.runId).not.toBe(first.currentState.runId);
    // Sessions end sooner than 12 h: the worker signs in again, the run is the same user's.
    setup.context.clock.advanceMinutes(12 * 60);
    const again = await signInClient(setup.context.app, BADGES.otherWorker, () => 0);
    const third = await workflowDriver(again, 'print-box-sticker').accept();
    expect(third.currentState.runId).not.toBe(second.currentState.runId);
    const [idle] = await setup.context.database.db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.id, second.currentState.runId!));
    expect(idle!.finishedAt).not.toBeNull();
  });
});

describe('random action sequences (fast-check)', () => {
  const BARCODES = [
    'P440003',
    'P440004',
    '=34717-7-c-03',
    '=34717-7-c-04',
    '=34717-7-a-01',
    '=34717-7-d-03',
    '_34717-162',
    '_34717-163',
    '_R34717-12',
    'DIM-M',
    'NO-SUCH-1',
  ];
  const action = fc.oneof(
    fc.constantFrom<Record<string, unknown> & { code: string }>(
      { code: 'Refresh' },
      { code: 'SkipClick' },
      { code: 'PlaceClick' },
      { code: 'TaskCompleted' },
      { code: 'Closed' },
    ),
    fc.constantFrom(...BARCODES).map((barcode) => ({ code: 'BarcodeScanned', barcode })),
    fc.integer({ min: 1, max: 3 }).map((count) => ({ code: 'StickerCountSelected', count })),
  );

  it('never answers 5xx, raises the version by one per accepted step, keeps each parcel in one place', async () => {
    // Signed in afresh: the run lifetime test moved the clock past the other sessions.
    const client = await signInClient(setup.context.app, BADGES.otherWorker, () => 0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('placing', 'consolidating', 'print-box-sticker'),
        fc.array(action, { minLength: 1, maxLength: 10 }),
        async (workflow, actions) => {
          const flow = workflowDriver(client, workflow);
          await flow.accept();
          for (const next of actions) {
            const before = flow.state!;
            const call = await flow.send(next);
            expect(call.status, JSON.stringify(call.envelope)).toBeLessThan(500);
            const after = call.answer.currentState;
            if (!call.envelope.isSuccess) {
              expect(after.version, JSON.stringify(call.envelope)).toBe(before.version);
              expect(after.runId).toBe(before.runId);
            } else if (next.code === 'Closed') {
              expect(after).toMatchObject({ code: 'InitialState', runId: null });
            } else if (next.code !== 'Refresh') {
              expect(after.version).toBe(before.version + 1);
            }
            if (after.runId !== null) {
              const [run] = await setup.context.database.db
                .select({ version: workflowRuns.version })
                .from(workflowRuns)
                .where(eq(workflowRuns.id, after.runId));
              expect(run!.version).toBe(after.version);
            }
          }
          // Each parcel lies where its consolidation is: a consolidation's box stands in its
          // cell and holds only its destination's parcels.
          const misplaced = rowsOf<{ n: number }>(
            await setup.context.database.db.execute(sql`
              select count(*)::int as n from consolidations c
              join boxes b on b.id = c.box_id
              left join parcels p on p.box_id = b.id
              where c.removed_at is null
                and (b.cell_id is distinct from c.cell_id or p.sorting_key <> c.destination_key)`),
          );
          expect(misplaced[0]?.n).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
