import { and, eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { auditCells, auditSessions, auditUnits } from './schema-audit.js';
import { cells, users } from './schema-base.js';
import type { DemoAuditUnit } from './demo-audit-data.js';

/** SQL of the audit demo seed (demo-audit-data.ts): the one finished session. */
export function createSeedAuditRepository(db: Db) {
  return {
    /**
     * The finished session in a cell, unless that cell was ever audited (a re-seed adds none).
     * Answers whether it was added.
     */
    async insertFinishedSession(session: {
      warehouseId: number;
      userNumber: number;
      cellBarcode: string;
      startedAt: Date;
      finishedAt: Date;
      units: readonly DemoAuditUnit[];
    }): Promise<boolean> {
      const [cell] = await db
        .select({ id: cells.id })
        .from(cells)
        .where(
          and(eq(cells.barcode, session.cellBarcode), eq(cells.warehouseId, session.warehouseId)),
        );
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.number, session.userNumber));
      if (!cell || !user) return false;
      const audited = await db
        .select({ id: auditCells.id })
        .from(auditCells)
        .where(eq(auditCells.cellId, cell.id))
        .limit(1);
      if (audited.length > 0) return false;
      const [row] = await db
        .insert(auditSessions)
        .values({
          warehouseId: session.warehouseId,
          startedBy: user.id,
          startedAt: session.startedAt,
          finishedBy: user.id,
          finishedAt: session.finishedAt,
          figures: [1, 2, 3]
            .map((state) => ({
              state,
              count: session.units.filter((unit) => unit.state === state).length,
            }))
            .filter((figure) => figure.count > 0),
        })
        .returning({ id: auditSessions.id });
      if (!row) return false;
      const [auditCell] = await db
        .insert(auditCells)
        .values({
          sessionId: row.id,
          cellId: cell.id,
          openedBy: user.id,
          openedAt: session.startedAt,
          finishedAt: session.finishedAt,
        })
        .returning({ id: auditCells.id });
      if (!auditCell) return false;
      await db.insert(auditUnits).values(
        session.units.map((unit) => ({
          ...unit,
          auditCellId: auditCell.id,
          scannedBy: unit.state === 3 ? null : user.id,
          scannedAt: unit.state === 3 ? null : session.startedAt,
        })),
      );
      return true;
    },
  };
}
