// db/schema.ts is written by hand beside the migrations that make the tables. This test migrates
// an empty database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and compares it with
// the `Database` type, table by table and column by column: the same tables, the same columns,
// the same nullability, a number where the database keeps a number and a string where it keeps
// text, and a default in the database for each column the type lets an insert leave out
// (`Generated<…>`). The type is read with the TypeScript checker, so it follows `Database` wherever
// its tables are declared.
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { createPgDatabase, databases, type DbKind } from './harness';

type Kind = 'number' | 'string' | 'bytes';

interface Column {
  kind: Kind | string;
  nullable: boolean;
  /** an insert may leave it out: the database fills it (a default, an identity, a NULL) */
  optionalOnInsert: boolean;
  /** kept by the database from other columns: never written (GeneratedAlways in the type) */
  computed: boolean;
}

type Tables = Map<string, Map<string, Column>>;

const SCHEMA = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
/** Kysely's own bookkeeping, not ours */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The `Database` interface as the checker sees it: table → column → kind, nullability, Generated. */
function tablesOfSchema(): Tables {
  const program = ts.createProgram([SCHEMA], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA)!;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const database = exported.find((s) => s.name === 'Database');
  if (!database) throw new Error('db/schema.ts exports no Database interface');
  const tables: Tables = new Map();
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns = new Map<string, Column>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      let type = checker.getTypeOfSymbol(column);
      // Generated<T>, GeneratedAlways<T>, ColumnType<S, I, U>: the selected type is S; the column
      // may be left out of an insert when I admits undefined
      const select = type.getProperty('__select__');
      let optionalOnInsert = false;
      let computed = false;
      if (select) {
        const insert = type.getProperty('__insert__');
        const insertType = insert ? checker.getTypeOfSymbol(insert) : undefined;
        optionalOnInsert =
          !insertType ||
          (insertType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) !== 0 ||
          (insertType.isUnion() && insertType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
        computed = !!insertType && (insertType.flags & ts.TypeFlags.Never) !== 0;
        type = checker.getTypeOfSymbol(select);
      }
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
      if (nullable) optionalOnInsert = true;
      const kinds = new Set(
        parts
          .filter((t) => !(t.flags & ts.TypeFlags.Null))
          .map((t) =>
            t.flags & ts.TypeFlags.NumberLike
              ? 'number'
              : t.flags & ts.TypeFlags.StringLike
                ? 'string'
                : t.getSymbol()?.name === 'Buffer'
                  ? 'bytes'
                  : checker.typeToString(t),
          ),
      );
      columns.set(column.name, { kind: [...kinds].sort().join(' | '), nullable, optionalOnInsert, computed });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** A column type as the database declares it → the kind Kysely hands back. */
function kindOfSqlType(declared: string): Kind | string {
  const t = declared.toLowerCase();
  if (/int|real|floa|doub|numeric|decimal/.test(t)) return 'number';
  if (/text|char|clob|uuid|date|time|json/.test(t)) return 'string';
  if (/blob|bytea/.test(t)) return 'bytes';
  return t;
}

async function tablesOfSqlite(db: Db): Promise<Tables> {
  const names = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
    db.kysely,
  );
  const tables: Tables = new Map();
  for (const { name } of names.rows) {
    if (MIGRATOR_TABLES.has(name)) continue;
    // table_xinfo, not table_info: it lists the generated columns too (hidden 2 and 3)
    const info = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number }>`
      SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(${name})`.execute(db.kysely);
    const onlyPk = info.rows.filter((c) => c.pk > 0).length === 1;
    tables.set(
      name,
      new Map(
        info.rows.map((c) => {
          // a lone INTEGER PRIMARY KEY is the rowid: never NULL, filled when left out
          const rowid = onlyPk && c.pk > 0 && c.type.toUpperCase() === 'INTEGER';
          const nullable = c.notnull === 0 && c.pk === 0;
          const computed = c.hidden === 2 || c.hidden === 3;
          return [
            c.name,
            { kind: kindOfSqlType(c.type), nullable, optionalOnInsert: rowid || nullable || computed || c.dflt_value !== null, computed },
          ];
        }),
      ),
    );
  }
  return tables;
}

async function tablesOfPostgres(db: Db): Promise<Tables> {
  const rows = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>`SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity, is_generated
       FROM information_schema.columns WHERE table_schema = current_schema()
      ORDER BY table_name, ordinal_position`.execute(db.kysely);
  const tables: Tables = new Map();
  for (const r of rows.rows) {
    if (MIGRATOR_TABLES.has(r.table_name)) continue;
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    const nullable = r.is_nullable === 'YES';
    const computed = r.is_generated === 'ALWAYS';
    tables.get(r.table_name)!.set(r.column_name, {
      kind: kindOfSqlType(r.data_type),
      nullable,
      optionalOnInsert: nullable || computed || r.column_default !== null || r.is_identity === 'YES',
      computed,
    });
  }
  return tables;
}

/** Every difference, one line each, naming the table and the column. */
function differences(schema: Tables, database: Tables): string[] {
  const out: string[] = [];
  for (const table of schema.keys()) if (!database.has(table)) out.push(`${table}: in schema.ts, not made by the migrations`);
  for (const table of database.keys()) if (!schema.has(table)) out.push(`${table}: made by the migrations, not in schema.ts`);
  for (const [table, declared] of schema) {
    const made = database.get(table);
    if (!made) continue;
    for (const column of declared.keys()) if (!made.has(column)) out.push(`${table}.${column}: in schema.ts, not in the database`);
    for (const column of made.keys()) if (!declared.has(column)) out.push(`${table}.${column}: in the database, not in schema.ts`);
    for (const [column, d] of declared) {
      const m = made.get(column);
      if (!m) continue;
      if (d.kind !== m.kind) out.push(`${table}.${column}: schema.ts says ${d.kind}, the database keeps ${m.kind}`);
      if (d.computed !== m.computed)
        out.push(
          `${table}.${column}: ${d.computed ? 'schema.ts says GeneratedAlways, the database does not compute it' : 'the database computes it, schema.ts lets it be written'}`,
        );
      // a computed column's nullability is its expression's (a reversed NOT NULL column is never NULL), not declared
      else if (d.nullable !== m.nullable && !m.computed)
        out.push(
          `${table}.${column}: schema.ts says ${d.nullable ? 'nullable' : 'NOT NULL'}, the database ${m.nullable ? 'allows NULL' : 'is NOT NULL'}`,
        );
      // the other way (a default the type does not mention) only makes the type stricter than needed
      if (d.optionalOnInsert && !m.optionalOnInsert)
        out.push(`${table}.${column}: schema.ts lets an insert leave it out (Generated or nullable), the database has no default for it`);
    }
  }
  return out;
}

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops.splice(0)) await d();
});

async function migrated(kind: DbKind): Promise<Db> {
  if (kind === 'sqlite') {
    const db = await connect(':memory:');
    drops.push(() => db.close());
    await migrate(db);
    return db;
  }
  const pg = await createPgDatabase();
  const db = await connect(pg.url);
  drops.push(async () => {
    await db.close();
    await pg.drop();
  });
  await migrate(db);
  return db;
}

describe('db/schema.ts matches the migrated database', () => {
  const schema = tablesOfSchema();

  it('reads the whole Database type (a sanity floor, not a count to keep up to date)', () => {
    expect(schema.size).toBeGreaterThan(70);
    expect([...schema.values()].reduce((n, t) => n + t.size, 0)).toBeGreaterThan(800);
    expect(schema.get('cards')?.get('id')).toEqual({ kind: 'number', nullable: false, optionalOnInsert: true, computed: false });
    expect(schema.get('cards')?.get('iccid_rev')).toEqual({ kind: 'string', nullable: false, optionalOnInsert: true, computed: true });
  });

  for (const kind of databases()) {
    it(`on ${kind}: the same tables, columns, nullability, kinds and defaults`, async () => {
      const db = await migrated(kind);
      const made = kind === 'sqlite' ? await tablesOfSqlite(db) : await tablesOfPostgres(db);
      expect(made.size).toBeGreaterThan(70);
      expect(differences(schema, made)).toEqual([]);
    }, 120_000);
  }

  it('names a difference by table and column', () => {
    const col = (kind: string, nullable = false, optionalOnInsert = false): Column => ({
      kind,
      nullable,
      optionalOnInsert,
      computed: false,
    });
    const declared: Tables = new Map([
      [
        't',
        new Map([
          ['a', col('number')],
          ['b', col('string', true, true)],
          ['c', col('string', false, true)],
        ]),
      ],
    ]);
    const made: Tables = new Map([
      [
        't',
        new Map([
          ['a', col('string')],
          ['b', col('string')],
          ['c', col('string')],
          ['d', col('number')],
        ]),
      ],
      ['u', new Map()],
    ]);
    expect(differences(declared, made)).toEqual([
      'u: made by the migrations, not in schema.ts',
      't.d: in the database, not in schema.ts',
      't.a: schema.ts says number, the database keeps string',
      't.b: schema.ts says nullable, the database is NOT NULL',
      't.b: schema.ts lets an insert leave it out (Generated or nullable), the database has no default for it',
      't.c: schema.ts lets an insert leave it out (Generated or nullable), the database has no default for it',
    ]);
  });
});
