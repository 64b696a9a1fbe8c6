import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  sql,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/**
 * drizzle's node-postgres session over a pool, with a transaction that always gives its
 * client back (docs/DECISIONS.md "Database").
 *
 * drizzle-orm 0.45's own `NodePgSession.transaction` checks a client out, sends BEGIN before
 * its try/finally and releases the client without the error. A BEGIN that fails (the pool
 * handed out a client whose server had just crashed) therefore never released its client: it
 * stayed counted as checked out for ever, the pool shrank with every crash until each request
 * waited 5 s for a 503, and `pool.end()` at shutdown waited for it until the force-kill.
 * Here BEGIN, the work, COMMIT and ROLLBACK all run inside the try, and a client whose ROLLBACK
 * failed (its connection is gone or its state unknown) is released with that error, so the
 * pool destroys it instead of handing it to the next request.
 */
class PoolSession<
  TFullSchema extends Record<string, unknown>,
  TSchema extends TablesRelationalConfig,
> extends NodePgSession<TFullSchema, TSchema> {
  readonly #pool: pg.Pool;
  readonly #relations: RelationalSchemaConfig<TSchema> | undefined;

  constructor(
    pool: pg.Pool,
    dialect: PgDialect,
    relations: RelationalSchemaConfig<TSchema> | undefined,
  ) {
    super(pool, dialect, relations);
    this.#pool = pool;
    this.#relations = relations;
  }

  override async transaction<T>(
    work: (tx: NodePgTransaction<TFullSchema, TSchema>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const client = await this.#pool.connect();
    // The same objects drizzle makes for a transaction: a session bound to this one client.
    const session = new NodePgSession<TFullSchema, TSchema>(client, this.dialect, this.#relations);
    const tx = new NodePgTransaction<TFullSchema, TSchema>(this.dialect, session, this.#relations);
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin`);
      if (config) await tx.setTransaction(config);
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      try {
        await tx.execute(sql`rollback`);
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/**
 * `drizzle(pool, { schema })` with PoolSession as its session: what drizzle's own constructor
 * builds (dialect, relational config of the schema, database), with the safe transaction.
 */
export function drizzlePool<TFullSchema extends Record<string, unknown>>(
  pool: pg.Pool,
  schema: TFullSchema,
): NodePgDatabase<TFullSchema> {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<TFullSchema>>(
    schema,
    createTableRelationsHelpers,
  );
  const relations: RelationalSchemaConfig<ExtractTablesWithRelations<TFullSchema>> = {
    fullSchema: schema,
    schema: tables.tables,
    tableNamesMap: tables.tableNamesMap,
  };
  const session = new PoolSession<TFullSchema, ExtractTablesWithRelations<TFullSchema>>(
    pool,
    dialect,
    relations,
  );
  return new NodePgDatabase(dialect, session, relations);
}
