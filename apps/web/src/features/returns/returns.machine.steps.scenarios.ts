import { describe, expect, it } from 'vitest';
import type { TReturnPhoto } from '@sorting/contracts';
import type { ReturnsEvent } from './returns.machine';
import {
  BACK,
  CANCEL,
  CONFIRMED,
  NEXT,
  comment,
  exercisePhotoStep,
  file,
  reason,
  result,
  start,
} from './returns.machine.fixture';

/** The photo step, cancel and sending scenarios of returns.machine.test.ts (they feed its coverage checks). */
export function describeStepScenarios(): void {
  describe('returns machine: photo steps', () => {
    it('manufacturing defect: documents photo, package photo, comment; cost 1', async () => {
      const s = start();
      await s.send('P300002', { type: 'COUNT_CHOSEN', count: 3 });
      expect(await s.send(reason('manufacturing_defects'))).toBe(
        'ManufacturingDefect.documentsPhoto.idle',
      );
      await exercisePhotoStep(s, 'ManufacturingDefect.documentsPhoto.idle', 'documents');
      expect(await s.send(NEXT)).toBe('ManufacturingDefect.packagePhoto.idle');
      expect(await s.send(BACK)).toBe('ManufacturingDefect.documentsPhoto.idle');
      await s.send(NEXT);
      await exercisePhotoStep(s, 'ManufacturingDefect.packagePhoto.idle', 'package');
      expect(await s.send(NEXT)).toBe('ManufacturingDefect.comment');
      expect(await s.send(BACK)).toBe('ManufacturingDefect.packagePhoto.idle');
      expect(await s.send(NEXT, comment('Не включается'), NEXT)).toBe('ConfirmReturnPackage.idle');
      expect(await s.send(BACK)).toBe('ManufacturingDefect.comment');
      await s.send(NEXT);
      expect(await s.send(CONFIRMED)).toBe('accepted');
      const [line] = s.server.returns[0] ?? [];
      expect(line).toMatchObject({
        reasonCode: 'manufacturing_defects',
        quantity: 3,
        returnCost: 1,
        comment: 'Не включается',
      });
      expect(line?.imagesIds).toHaveLength(2);
      expect(line?.imagesIds).toEqual(s.photoIds());
    });

    it('damage: act, invoice, package photos, comment', async () => {
      const s = start();
      await s.send('P300001');
      expect(await s.send(reason('damaged'))).toBe('PackDamage.actPhoto.idle');
      await exercisePhotoStep(s, 'PackDamage.actPhoto.idle', 'act');
      expect(await s.send(NEXT)).toBe('PackDamage.invoicePhoto.idle');
      await exercisePhotoStep(s, 'PackDamage.invoicePhoto.idle', 'invoice');
      expect(await s.send(BACK)).toBe('PackDamage.actPhoto.idle');
      expect(await s.send(BACK)).toBe('SelectReturnReason');
      // The photos stay while the reason stays.
      expect(await s.send(reason('damaged'), NEXT, NEXT)).toBe('PackDamage.packagePhoto.idle');
      await exercisePhotoStep(s, 'PackDamage.packagePhoto.idle', 'package');
      expect(await s.send(BACK)).toBe('PackDamage.invoicePhoto.idle');
      expect(await s.send(NEXT, NEXT)).toBe('PackDamage.comment');
      expect(await s.send(BACK, NEXT, NEXT)).toBe('ConfirmReturnPackage.idle');
      expect(await s.send(BACK)).toBe('PackDamage.comment');
      expect(await s.send(NEXT, CONFIRMED)).toBe('accepted');
      expect(s.server.returns[0]?.[0]?.imagesIds).toHaveLength(3);
      expect(s.server.returns[0]?.[0]?.returnCost).toBe(2490);
    });

    it('cancelling deletes the photos uploaded in this flow, from any photo step or later', async () => {
      for (const path of [
        ['damaged', []],
        ['damaged', [NEXT]],
        ['damaged', [NEXT, NEXT]],
        ['damaged', [NEXT, NEXT, NEXT]],
        ['manufacturing_defects', []],
        ['manufacturing_defects', [NEXT]],
        ['manufacturing_defects', [NEXT, NEXT]],
      ] as const) {
        const s = start();
        await s.send('P300001', reason(path[0]));
        for (const step of path[1]) {
          await s.send(s.photos([file('x.png')]));
          await s.send(step);
        }
        await s.send(s.photos([file('y.png')]));
        const held = s.photoIds();
        expect(held.length).toBeGreaterThan(0);
        expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
        expect(s.server.photos.size).toBe(0);
        expect(s.server.deletes).toEqual(held);
        expect(s.photoIds()).toEqual([]);
      }
    });

    it('cancel at the confirmation, at the reason, at the count or the item list deletes the photos too', async () => {
      const s = start();
      await s.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-2' });
      await s.send({ type: 'COUNT_CHOSEN', count: 1 }, reason('manufacturing_defects'));
      await s.send(s.photos([file('d.png')]), NEXT, s.photos([file('p.png')]), NEXT, NEXT);
      expect(s.state()).toBe('ConfirmReturnPackage.idle');
      // Back to the count (photos kept), then cancel there.
      await s.send(BACK, BACK, BACK, BACK, BACK);
      expect(s.state()).toBe('SelectReturnCount');
      expect(s.photoIds()).toHaveLength(2);
      // While photos are held, another parcel cannot replace this one at the item list.
      expect(await s.send(BACK, 'P300001')).toBe('ScanRetunedPackage.pickItem');
      expect(s.context().barcode).toBe('P300003');
      // Picking the same item again keeps its photos.
      expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
      expect(s.photoIds()).toHaveLength(2);
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(s.server.photos.size).toBe(0);

      const c = start();
      await c.send('P300001', reason('damaged'), c.photos([file('a.png')]), NEXT);
      await c.send(c.photos([file('i.png')]), NEXT, c.photos([file('p.png')]), NEXT, NEXT);
      expect(c.state()).toBe('ConfirmReturnPackage.idle');
      c.server.failNext('delete', 'network');
      expect(await c.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      // One could not be deleted: f-0009; the others went.
      expect(c.codes()).toEqual(['f-0009']);
      expect(c.server.photos.size).toBe(1);

      const r = start();
      await r.send('P300001', reason('damaged'), r.photos([file('a.png')]), BACK);
      expect(r.state()).toBe('SelectReturnReason');
      expect(await r.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(r.server.photos.size).toBe(0);

      const k = start();
      await k.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-2' });
      await k.send(
        { type: 'COUNT_CHOSEN', count: 2 },
        reason('damaged'),
        k.photos([file('a.png')]),
      );
      await k.send(BACK, BACK);
      expect(k.state()).toBe('SelectReturnCount');
      expect(await k.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(k.server.photos.size).toBe(0);
    });

    it('another reason or another item deletes the photos it does not use', async () => {
      const s = start();
      await s.send('P300001', reason('damaged'), s.photos([file('act.png')]), NEXT);
      await s.send(s.photos([file('invoice.png')]), NEXT, s.photos([file('package.png')]));
      await s.send(BACK, BACK, BACK);
      expect(s.state()).toBe('SelectReturnReason');
      // Manufacturing defect keeps the package photo, the act and invoice photos go.
      expect(await s.send(reason('manufacturing_defects'))).toBe(
        'ManufacturingDefect.documentsPhoto.idle',
      );
      expect(s.context().photos.package.map((photo) => photo.fileName)).toEqual(['package.png']);
      expect([...s.server.photos.values()].map((photo) => photo.fileName)).toEqual(['package.png']);
      s.server.failNext('delete', 'refused');
      await s.send(BACK);
      expect(await s.send(reason('fake'))).toBe('ConfirmReturnPackage.idle');
      expect(s.codes()).toEqual(['f-0009']);
      expect(s.photoIds()).toEqual([]);

      const t = start();
      await t.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' });
      await t.send(reason('damaged'), t.photos([file('a.png')]), BACK, BACK);
      expect(t.state()).toBe('ScanRetunedPackage.pickItem');
      expect(await t.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
      expect(t.server.photos.size).toBe(0);
      expect(t.photoIds()).toEqual([]);

      const u = start();
      await u.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' });
      await u.send(reason('damaged'), u.photos([file('a.png')]), BACK, BACK);
      u.server.failNext('delete', 'network');
      expect(await u.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
      expect(u.codes()).toEqual(['f-0009']);
    });

    it('a photo chosen while another uploads waits in the queue; progress is reported', async () => {
      const s = start();
      await s.send('P300001', reason('damaged'));
      s.actor.send(s.photos([file('one.png')]));
      expect(s.actor.getSnapshot().hasTag('uploading')).toBe(true);
      // The fake reported half of it synchronously.
      expect(s.context().queue[0]?.progress).toBe(0.5);
      s.actor.send(s.photos([file('two.png')]));
      expect(s.context().queue.map((queued) => queued.file.name)).toEqual(['one.png', 'two.png']);
      // Busy with an upload: Next, Back and Cancel wait.
      s.actor.send(NEXT);
      s.actor.send(CANCEL);
      await s.settled();
      expect(s.state()).toBe('PackDamage.actPhoto.idle');
      expect(s.context().photos.act.map((photo) => photo.fileName)).toEqual(['one.png', 'two.png']);
      // A stale answer of an upload no longer running changes nothing.
      s.actor.send({ type: 'UPLOAD_DONE', key: 1, result: result<TReturnPhoto>(null) });
      expect(s.context().photos.act).toHaveLength(2);
    });
  });

  describe('returns machine: back and cancel at any step', () => {
    it('cancel without photos goes straight back to the scan', async () => {
      const paths: (ReturnsEvent | string)[][] = [
        ['P300001', reason('another_reason')],
        ['P300001', reason('oversort')],
        ['P300001', reason('manufacturing_defects')],
        ['P300001', reason('damaged')],
        ['P300001', reason('fake')],
      ];
      for (const path of paths) {
        const s = start();
        await s.send(...path);
        expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
        expect(s.server.deletes).toEqual([]);
      }
    });

    it('photos held: cancel from the comment steps and the oversort and quality screens deletes them', async () => {
      const m = start();
      await m.send('P300001', reason('manufacturing_defects'), m.photos([file('d.png')]), NEXT);
      await m.send(m.photos([file('p.png')]), NEXT, comment('c'));
      expect(m.state()).toBe('ManufacturingDefect.comment');
      expect(await m.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(m.server.photos.size).toBe(0);

      const d = start();
      await d.send('P300001', reason('damaged'), d.photos([file('a.png')]), NEXT);
      await d.send(d.photos([file('i.png')]), NEXT, d.photos([file('p.png')]), NEXT);
      expect(await d.send(comment('Мятая коробка'))).toBe('PackDamage.comment');
      expect(d.context().comment).toBe('Мятая коробка');
      expect(await d.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(d.server.photos.size).toBe(0);

      // Photos of the package step survive into oversort or quality only through the reason list,
      // which deletes them; a single-item parcel's reason list Back is a cancel.
      const r = start();
      await r.send('P300001', reason('damaged'), r.photos([file('a.png')]), BACK);
      expect(await r.send(BACK)).toBe('ScanRetunedPackage.waitScan');
      expect(r.server.photos.size).toBe(0);

      const p = start();
      await p.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' }, reason('damaged'));
      await p.send(p.photos([file('a.png')]), BACK, BACK);
      expect(p.state()).toBe('ScanRetunedPackage.pickItem');
      expect(await p.send(BACK)).toBe('ScanRetunedPackage.waitScan');
      expect(p.server.photos.size).toBe(0);
      await p.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' }, reason('damaged'));
      await p.send(p.photos([file('a.png')]), BACK, BACK);
      expect(await p.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(p.server.photos.size).toBe(0);
      await p.send('P300003');
      expect(await p.send(BACK)).toBe('ScanRetunedPackage.waitScan');

      const c = start();
      await c.send('P300002', { type: 'COUNT_CHOSEN', count: 2 }, reason('damaged'));
      await c.send(c.photos([file('a.png')]), BACK, BACK);
      expect(c.state()).toBe('SelectReturnCount');
      expect(await c.send(BACK)).toBe('ScanRetunedPackage.waitScan');
      expect(c.server.photos.size).toBe(0);
    });

    it('cancel at the quality check, oversort, confirmation and photo steps without photos', async () => {
      const steps: Array<[(ReturnsEvent | string)[], string]> = [
        [['P300001'], 'SelectReturnReason'],
        [['P300001', reason('another_reason')], 'CheckQualityReturn'],
        [['P300001', reason('oversort')], 'OversortOrShortage'],
        [['P300001', reason('fake')], 'ConfirmReturnPackage.idle'],
        [['P300001', reason('damaged')], 'PackDamage.actPhoto.idle'],
        [['P300001', reason('manufacturing_defects')], 'ManufacturingDefect.documentsPhoto.idle'],
      ];
      for (const [path, where] of steps) {
        const s = start();
        expect(await s.send(...path)).toBe(where);
        expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      }
    });
  });

  describe('returns machine: sending the return', () => {
    it('a lost answer is retried with the same X-Operation-Id; the server answers the stored result', async () => {
      const s = start();
      await s.send('P300001', reason('damage_item'));
      s.server.loseNextAnswer();
      expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
      expect(s.errors).toEqual([{ code: 'f-0010', message: null }]);
      expect(await s.send(CONFIRMED)).toBe('accepted');
      expect(s.server.operationIds).toEqual(['op-1', 'op-1']);
      expect(s.server.returns).toHaveLength(1);
      expect(s.navigations()).toBe(1);
    });

    it('a 5xx keeps the attempt; a refusal shows the server text and the next try is a new attempt', async () => {
      const s = start();
      await s.send('P300001', reason('damage_item'));
      s.server.failNext('return', 'server');
      expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
      s.server.failNext('return', 'refused');
      expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
      expect(s.errors).toEqual([
        { code: 'f-0010', message: 'БД' },
        { code: 'f-0010', message: 'Отказано' },
      ]);
      expect(await s.send(CONFIRMED)).toBe('accepted');
      expect(s.server.operationIds).toEqual(['op-1', 'op-1', 'op-2']);
      // Back and again is a new attempt too.
      const b = start();
      await b.send('P300001', reason('damage_item'), BACK, reason('fake'), CONFIRMED);
      expect(b.server.operationIds).toEqual(['op-2']);
    });
  });
}
