/** Runs one SQL statement and gives its rows. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/** autovacuum's defaults: a table's statistics are stale after 50 rows + 10 % of it changed. */
const changedTooMuch = (changed: number, rows: number) => changed > 50 + 0.1 * Math.max(rows, 0);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * At start-up: analyzes the tables whose planner statistics are missing (never analyzed) or
 * stale, and only those. Stale here: the table's size on disk moved by more than 10 % since its
 * last analyze (as after `npm run seed:bulk`), read from the catalogue without scanning anything.
 * Analyzing everything at every start took most of PGlite's start-up at 100,000 listings (2.5 s
 * of 7 s on a busy machine); statistics are kept in the catalogue between runs, so a restart with
 * the same data has nothing to refresh. Returns the tables analyzed.
 */
export async function analyzeStaleTables(run: RunSql): Promise<string[]> {
  const tables = (await run(
    `select c.relname as name, c.reltuples::float8 as rows, c.relpages::float8 as pages_then,
       (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages_now
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'`,
  )) as { name: string; rows: number; pages_then: number; pages_now: number }[];
  const stale = tables
    .filter(({ rows, pages_then: then, pages_now: now }) => rows < 0 || Math.abs(now - then) > 1 + 0.1 * then)
    .map((table) => table.name);
  if (stale.length > 0) await run(`analyze ${stale.map(quote).join(', ')}`);
  return stale;
}

/**
 * PGlite has no autovacuum: before it closes, the tables this process changed past the threshold
 * (updates too, which a row count cannot see) are analyzed, so the next start finds them fresh.
 * Its change counters live only as long as the process, hence at close and not at start.
 */
export async function analyzeChangedTables(run: RunSql): Promise<string[]> {
  const tables = (await run(
    `select s.relname as name, s.n_mod_since_analyze::float8 as changed, c.reltuples::float8 as rows
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public'`,
  )) as { name: string; changed: number; rows: number }[];
  const changed = tables.filter((table) => changedTooMuch(table.changed, table.rows)).map((table) => table.name);
  if (changed.length > 0) await run(`analyze ${changed.map(quote).join(', ')}`);
  return changed;
}
