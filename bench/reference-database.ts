import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ScratchDatabase } from './scratch-database';

/**
 * The reference's own copy of the working tree's scratch database, for `--against` on
 * PostgreSQL. The two trees' schemas differ (a column one adds, a column the other dropped), so
 * the reference cannot serve the working tree's database: its own migrations make its schema in
 * a second database, and every row of the working tree's is copied into it, the columns both
 * have (a generated column is computed again from them). Both sides then read the same rows,
 * each with its own indexes and columns, as after an upgrade.
 */
export async function copyForReference(source: ScratchDatabase, target: ScratchDatabase, referenceDir: string, log: (line: string) => void) {
  const from = source.env.DATABASE_URL!;
  const to = target.env.DATABASE_URL!;
  migrateWith(referenceDir, to);
  const copied = await copyRows(from, to);
  log(`  copied ${copied.rows.toLocaleString('en-US')} rows of ${copied.tables} tables into the reference's own database`);
}

/** Runs the reference's migrations on `url`, with the reference's own code. */
function migrateWith(referenceDir: string, url: string) {
  const script = path.join(referenceDir, 'bench', '.migrate-reference.ts');
  writeFileSync(script, "import { openDatabase } from '../src/db/client';\nconst database = await openDatabase({ url: process.env.DATABASE_URL! });\nawait database.migrate();\nawait database.close();\n");
  try {
    const done = spawnSync('npx', ['tsx', script], { cwd: referenceDir, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url } });
    if (done.status !== 0) throw new Error(`migrating the reference's database: ${done.stderr}`);
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
