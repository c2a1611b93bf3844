import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';
import type { Database } from '../src/db/client';

/**
 * Runs `act` while recording the text of every raw statement `db.execute` sends (the search's
 * reads and look-ups), and answers what `act` answered with them: for tests of how a search reads.
 */
export async function withSentStatements<T>(db: Database, act: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const dialect = new PgDialect();
  const statements: string[] = [];
  const original = db.execute.bind(db);
  const execute = vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
    statements.push(dialect.sqlToQuery(query).sql);
    return original(query);
  }) as typeof db.execute);
  try {
    return { result: await act(), statements };
  } finally {
    execute.mockRestore();
  }
}
