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

/**
 * Makes `rows` the step's answers: each given person's answer is stored (a step answered again
 * after back replaces it), and the answers of everybody else at this step (e.g. persons the
 * question no longer applies to) are removed. One statement: every round trip inside a step's
 * transaction holds a pooled connection. The two parts touch disjoint rows, so running them in
 * one snapshot is safe.
 */
export async function replaceStepAnswers(
  trx: Knex.Transaction,
  instanceId: string,
  step: number,
  rows: Array<{ personId: number; answer: string | null }>,
): Promise<void> {
  const given = JSON.stringify(rows.map((r) => ({ person_id: r.personId, answer: r.answer })));
  await trx.raw(
    `WITH given AS (
       SELECT * FROM json_to_recordset(?::json) AS g(person_id int, answer text)
     ), removed AS (
       DELETE FROM forms.process_step_answers
        WHERE instance_id = ? AND step = ? AND person_id NOT IN (SELECT person_id FROM given)
     )
     INSERT INTO forms.process_step_answers (instance_id, step, person_id, answer, updated_at)
     SELECT ?, ?, given.person_id, given.answer, now() FROM given
     ON CONFLICT (instance_id, step, person_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at`,
    [given, instanceId, step, instanceId, step],
  );
}

/** Removes the answers of persons who are no longer selected. */
export async function deleteAnswersOfOtherPersons(trx: Knex.Transaction, instanceId: string, keepPersonIds: number[]): Promise<void> {
  await answers(trx).where({ instanceId }).whereNotIn('personId', keepPersonIds).delete();
}

export async function deleteAllAnswers(trx: Knex.Transaction, instanceId: string): Promise<void> {
  await answers(trx).where({ instanceId }).delete();
}
