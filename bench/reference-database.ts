import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ScratchDatabase } from './scratch-database';

/**
 * A tree's own copy of the scratch database, for `--against` on PostgreSQL. Two trees' schemas
 * differ (a column one adds, a column the other dropped), so one cannot serve the other's
 * database: the tree's own migrations make its schema in a new database, and every row of the
 * scratch database is copied into it, the columns both have (a generated column is computed
 * again from them). Each side then reads the same rows, with its own indexes and columns, from a
 * copy as fresh and compact as the other's.
 */
export async function copyForTree(source: ScratchDatabase, target: ScratchDatabase, treeDir: string, log: (line: string) => void) {
  const from = source.env.DATABASE_URL!;
  const to = target.env.DATABASE_URL!;
  migrateWith(treeDir, to);
  const copied = await copyRows(from, to);
  log(`  copied ${copied.rows.toLocaleString('en-US')} rows of ${copied.tables} tables into a database migrated by ${treeDir}`);
}

/** Runs the tree's migrations on `url`, with the tree's own code. */
function migrateWith(treeDir: string, url: string) {
  const script = path.join(treeDir, 'bench', '.migrate-reference.ts');
  writeFileSync(script, "import { openDatabase } from '../src/db/client';\nconst database = await openDatabase({ url: process.env.DATABASE_URL! });\nawait database.migrate();\nawait database.close();\n");
  try {
    const done = spawnSync('npx', ['tsx', script], { cwd: treeDir, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url } });
    if (done.status !== 0) throw new Error(`migrating a copy with ${treeDir}: ${done.stderr}`);
  } finally {
    rmSync(script, { force: true });
  }
}

type Column = { table: string; column: string; nullable: boolean };

/** Each table's columns that are written (not generated), in the public schema. */
const writtenColumns = `select c.relname as table, a.attname as column, not a.attnotnull as nullable from pg_attribute a
  join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
  order by c.relname, a.attnum`;

async function ask<Row extends Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Copies the rows of every table both databases have, the columns both write, through psql's
 * COPY (one pipe a table). The target's triggers and foreign keys are off while it loads
 * (session_replication_role), so the order does not matter and nothing is written twice, and its
 * checks and the NOT NULLs the source lacks are dropped (the bench only reads); then its
 * sequences continue after the copied ids, and it is vacuumed and analyzed as the source was.
 */
async function copyRows(from: string, to: string): Promise<{ tables: number; rows: number }> {
  const [sourceColumns, targetColumns] = await Promise.all([ask<Column>(from, writtenColumns), ask<Column>(to, writtenColumns)]);
  const inTarget = new Set(targetColumns.map(({ table, column }) => `${table}.${column}`));
  const shared = new Map<string, string[]>();
  for (const { table, column } of sourceColumns) {
    if (!inTarget.has(`${table}.${column}`)) continue;
    shared.set(table, [...(shared.get(table) ?? []), `"${column}"`]);
  }
  // Rows the working tree allows and the reference did not (a listing without a provider, a value
  // an older check refused) are still the rows both read: the reference's copy accepts them.
  const targetNotNull = new Set(targetColumns.filter((c) => !c.nullable).map(({ table, column }) => `${table}.${column}`));
  for (const { table, column, nullable } of sourceColumns) {
    if (nullable && targetNotNull.has(`${table}.${column}`)) await ask(to, `alter table "${table}" alter column "${column}" drop not null`);
  }
  const checks = await ask<{ table: string; name: string }>(
    to,
    `select c.relname as table, k.conname as name from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and k.contype = 'c'`,
  );
  for (const { table, name } of checks) await ask(to, `alter table "${table}" drop constraint "${name}"`);
  // What the migrations themselves inserted (a default plan, say) is in the rows copied.
  await ask(to, `truncate ${[...shared.keys()].map((table) => `"${table}"`).join(', ')} cascade`);
  let rows = 0;
  for (const [table, columns] of shared) {
    const list = columns.join(', ');
    const done = spawnSync(
      'bash',
      ['-c', 'set -o pipefail; psql -X -q -v ON_ERROR_STOP=1 "$FROM" -c "$OUT" | PGOPTIONS="-c session_replication_role=replica" psql -X -q -v ON_ERROR_STOP=1 "$TO" -c "$IN"'],
      { encoding: 'utf8', env: { ...process.env, FROM: from, TO: to, OUT: `\\copy (select ${list} from "${table}") to stdout`, IN: `\\copy "${table}" (${list}) from stdin` } },
    );
    if (done.status !== 0) throw new Error(`copying ${table}: ${done.stderr}`);
  }
  for (const [table] of shared) rows += Number((await ask<{ n: string }>(to, `select count(*) as n from "${table}"`))[0]!.n);
  // Serial and identity columns: their sequences go on after the copied ids.
  const sequences = await ask<{ table: string; column: string; sequence: string }>(
    to,
    `select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  for (const { table, column, sequence } of sequences) {
    await ask(to, `select setval('${sequence}', coalesce((select max("${column}") from "${table}"), 0) + 1, false)`);
  }
  await ask(to, 'vacuum analyze');
  return { tables: shared.size, rows };
}
