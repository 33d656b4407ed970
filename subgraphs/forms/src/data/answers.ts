import type { Knex } from '@ems/db';
import type { AnswerRow } from './rows';

type Db = Knex | Knex.Transaction;

const answers = (db: Db) => db('forms.process_step_answers');

export async function answersOfInstance(db: Db, instanceId: string): Promise<AnswerRow[]> {
  return answers(db).where({ instanceId }).select('step', 'personId', 'answer').orderBy(['step', 'personId']);
}

export async function answersOfStep(db: Db, instanceId: string, step: number): Promise<Map<number, string | null>> {
  const rows: AnswerRow[] = await answers(db).where({ instanceId, step }).select('step', 'personId', 'answer');
  return new Map(rows.map((r) => [r.personId, r.answer]));
}

/** Stores the step's answers; a step answered again (after back) replaces them person by person. */
export async function upsertAnswers(
  trx: Knex.Transaction,
  instanceId: string,
  step: number,
  rows: Array<{ personId: number; answer: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await answers(trx)
    .insert(rows.map((r) => ({ instanceId, step, personId: r.personId, answer: r.answer, updatedAt: trx.fn.now() })))
    .onConflict(['instanceId', 'step', 'personId'])
    .merge(['answer', 'updatedAt']);
}

/** Removes the step's answers of everybody but `keepPersonIds` (e.g. persons hidden at this step). */
export async function deleteStepAnswersExcept(
  trx: Knex.Transaction,
  instanceId: string,
  step: number,
  keepPersonIds: number[],
): Promise<void> {
  await answers(trx).where({ instanceId, step }).whereNotIn('personId', keepPersonIds).delete();
}

/** Removes the answers of persons who are no longer selected. */
export async function deleteAnswersOfOtherPersons(trx: Knex.Transaction, instanceId: string, keepPersonIds: number[]): Promise<void> {
  await answers(trx).where({ instanceId }).whereNotIn('personId', keepPersonIds).delete();
}

export async function deleteAllAnswers(trx: Knex.Transaction, instanceId: string): Promise<void> {
  await answers(trx).where({ instanceId }).delete();
}
