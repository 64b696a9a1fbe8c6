import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';
import { boxes, events, workflowRuns, workflowSteps } from '../src/db/schema.js';

// What a refused workflow step must leave alone (docs/DECISIONS.md "Guided workflows": a
// refusal keeps the state): the runs, the count of steps and events, the boxes. A test adds
// the tables its flows change.

export async function workflowSnapshot(db: Db) {
  const count = async (table: typeof events | typeof workflowSteps) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  return {
    runs: await db.select().from(workflowRuns).orderBy(workflowRuns.id),
    steps: await count(workflowSteps),
    boxes: await db.select().from(boxes).orderBy(boxes.id),
    events: await count(events),
  };
}
