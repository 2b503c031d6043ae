// SQL of the diagnosis module: the ONE writer of `diagnoses`, each diagnosis as it was shown to
// the owner, kept as a short history per card.
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DiagnosesTable } from '../../db/schema';

export type DiagnosisRow = Selectable<DiagnosesTable>;

/** Diagnoses kept per card: enough for "上次检测" and for support to look back a few days. */
export const KEPT_PER_CARD = 20;

export async function insertDiagnosis(db: Executor, row: Omit<DiagnosisRow, 'id'>): Promise<void> {
  await db.insertInto('diagnoses').values(row).execute();
  // prune the oldest beyond the history length (by id: later rows always have larger ids)
  const cutoff = await db
    .selectFrom('diagnoses')
    .select('id')
    .where('card_id', '=', row.card_id)
    .orderBy('id', 'desc')
    .offset(KEPT_PER_CARD)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) await db.deleteFrom('diagnoses').where('card_id', '=', row.card_id).where('id', '<=', cutoff.id).execute();
}

/** The card's latest diagnoses, newest first. */
export async function recentDiagnoses(db: Executor, cardId: number, limit: number): Promise<DiagnosisRow[]> {
  return db.selectFrom('diagnoses').selectAll().where('card_id', '=', cardId).orderBy('id', 'desc').limit(limit).execute();
}
