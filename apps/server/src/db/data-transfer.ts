import { sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { rowsOf } from './raw-rows.js';

// Moving a site's data between databases (docs/OPERATIONS.md "Moving off the embedded
// database"; docs/DECISIONS.md "Data export and import"): a pick-up point's pilot on PGlite
// moves to PostgreSQL, and back, without losing a row. The file is JSON Lines: a header naming
// the migrations the data was written under, then every table's rows in batches (as
// `json_agg` renders them: timestamps, numerics, bytea and jsonb round-trip exactly through
// `json_populate_recordset`), then the sequences. PGlite and PostgreSQL run the same statements.

export const DATA_FORMAT = 'sorting-data';
export const DATA_FORMAT_VERSION = 1;
/** Rows per line: a batch is one statement on each side. */
const BATCH_ROWS = 2_000;

export interface DataHeader {
  format: typeof DATA_FORMAT;
  version: number;
  /** The hashes of the applied migrations, in order (drizzle's journal of the source). */
  migrations: string[];
  exportedAt: string;
}

export type DataLine =
  | DataHeader
  | { table: string; rows: Record<string, unknown>[] }
  | { sequences: { name: string; value: string }[] };

/** What a refused import says (the CLI prints it; nothing was written). */
export class DataTransferError extends Error {}

interface TableInfo {
  /** `schema.table`, quoted for SQL. */
  quoted: string;
  name: string;
  /**
   * The columns carried: every one but generated columns and those recording the writing
   * transaction (`events.tx_id`, the integration feed's order): a transaction id belongs to
   * the database it was written in, so the import's own transaction stands for them.
   */
  columns: string[];
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
  );
  return rows.map((row) => row.hash);
}

/**
 * The data tables (every schema but drizzle's and the system's), parents before children by
 * their foreign keys, so an import never meets a row whose parent is not there yet.
 */
async function tablesOf(db: Db): Promise<TableInfo[]> {
  const columns = rowsOf<{ schema: string; name: string; column: string }>(
    await db.execute(sql`
      select c.table_schema as schema, c.table_name as name, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        and coalesce(c.column_default, '') not like '%pg_current_xact_id()%'
        and c.table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      order by c.table_schema, c.table_name, c.ordinal_position`),
  );
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent
      from pg_constraint con where con.contype = 'f' and con.conrelid <> con.confrelid`),
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const key = row.schema === 'public' ? row.name : `${row.schema}.${row.name}`;
    const table = tables.get(key) ?? {
      quoted: `${quote(row.schema)}.${quote(row.name)}`,
      name: key,
      columns: [],
    };
    table.columns.push(row.column);
    tables.set(key, table);
  }
  const strip = (name: string) => name.replaceAll('"', '');
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    const set = parents.get(strip(child)) ?? new Set<string>();
    set.add(strip(parent));
    parents.set(strip(child), set);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    const table = tables.get(name);
    if (table) ordered.push(table);
    placed.add(name);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return ordered;
}

/** Writes the database's data as lines (the caller writes each to the file). */
export async function exportData(
  db: Db,
  write: (line: DataLine) => Promise<void> | void,
  now: Date = new Date(),
): Promise<{ tables: number; rows: number }> {
  // One snapshot for the whole export, as pg_dump takes (PostgreSQL); PGlite has one client.
  return db.transaction((tx) => exportIn(tx, write, now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function exportIn(
  db: Db,
  write: (line: DataLine) => Promise<void> | void,
  now: Date,
): Promise<{ tables: number; rows: number }> {
  await write({
    format: DATA_FORMAT,
    version: DATA_FORMAT_VERSION,
    migrations: await appliedMigrations(db),
    exportedAt: now.toISOString(),
  });
  let rows = 0;
  const tables = await tablesOf(db);
  for (const table of tables) {
    // ctid order: within the export's one snapshot the pages do not move.
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const [batch] = rowsOf<{ rows: Record<string, unknown>[] | null }>(
        await db.execute(
          sql.raw(
            `select json_agg(t) as rows from (select ${table.columns.map(quote).join(', ')} ` +
              `from ${table.quoted} order by ctid ` +
              `limit ${BATCH_ROWS} offset ${offset}) t`,
          ),
        ),
      );
      const found = batch?.rows ?? [];
      if (found.length === 0) break;
      rows += found.length;
      await write({ table: table.name, rows: found });
      if (found.length < BATCH_ROWS) break;
    }
  }
  const sequences = rowsOf<{ name: string; value: string | null }>(
    await db.execute(sql`
      select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
        last_value::text as value
      from pg_sequences where schemaname not in ('drizzle')`),
  );
  await write({
    sequences: sequences.flatMap((s) =>
      s.value === null ? [] : [{ name: s.name, value: s.value }],
    ),
  });
  return { tables: tables.length, rows };
}

function isHeader(line: DataLine): line is DataHeader {
  return 'format' in line;
}

/**
 * Loads lines written by `exportData` into an empty database migrated by the same build, in one
 * transaction: all of it or nothing. Refused (DataTransferError, nothing written) when the
 * file is not ours, was written under other migrations, or the database already holds data.
 */
export async function importData(
  db: Db,
  lines: AsyncIterable<DataLine> | Iterable<DataLine>,
): Promise<{ tables: number; rows: number }> {
  return db.transaction(async (tx) => {
    const tables = new Map((await tablesOf(tx)).map((table) => [table.name, table]));
    let header: DataHeader | null = null;
    const filled = new Set<string>();
    let rows = 0;
    for await (const line of lines) {
      if (header === null) {
        if (!isHeader(line) || line.format !== DATA_FORMAT) {
          throw new DataTransferError('not a data export of this product (no header line)');
        }
        if (line.version !== DATA_FORMAT_VERSION) {
          throw new DataTransferError(`export format version ${line.version} is not supported`);
        }
        const own = await appliedMigrations(tx);
        if (own.join() !== line.migrations.join()) {
          throw new DataTransferError(
            `the export was written under ${line.migrations.length} migrations and this ` +
              `database has ${own.length} (or others): export and import with the same version`,
          );
        }
        for (const table of tables.values()) {
          const [count] = rowsOf<{ n: number }>(
            await tx.execute(sql.raw(`select count(*)::int as n from ${table.quoted}`)),
          );
          if ((count?.n ?? 0) > 0) {
            throw new DataTransferError(
              `the database is not empty (${table.name} has rows): import into a new database`,
            );
          }
        }
        header = line;
        continue;
      }
      if ('table' in line) {
        const table = tables.get(line.table);
        if (!table) throw new DataTransferError(`unknown table ${line.table}`);
        const list = table.columns.map(quote).join(', ');
        await tx.execute(
          sql`${sql.raw(`insert into ${table.quoted} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table.quoted}, `)}${JSON.stringify(line.rows)}::json)`,
        );
        filled.add(table.name);
        rows += line.rows.length;
      } else if ('sequences' in line) {
        for (const sequence of line.sequences) {
          await tx.execute(
            sql`select setval(${sequence.name}::regclass, ${sequence.value}::bigint)`,
          );
        }
      }
    }
    if (header === null) throw new DataTransferError('the file is empty');
    return { tables: filled.size, rows };
  });
}
