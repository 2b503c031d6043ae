import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Reserved slot in the migration order; its tables are added by the work that owns it.
export async function up(_db: Kysely<any>, _dialect: DialectName): Promise<void> {}
