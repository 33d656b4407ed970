import { camelCaseRows, type Knex } from '@ems/db';
import { toRow, type StoredInstance } from './instances';
import type { AnswerRow, InstancePatch, InstanceRow } from './rows';

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
 * The last question's answers replaced (see REPLACE_ANSWERS_SQL), returning every answer of the instance as it was
 * before (one snapshot: the statement's own writes are not visible to its SELECT). Completion
 * needs the step's earlier answers (for a refusal's form) and all answers (for the order); the
 * caller puts the new ones in place of the old, which saves two reads.
 */
export async function replaceStepAnswersReturningPrevious(
  trx: Knex.Transaction,
  instanceId: string,
  step: number,
  rows: Array<{ personId: number; answer: string | null }>,
): Promise<AnswerRow[]> {
  const result = await trx.raw(
    `WITH ${REPLACE_ANSWERS_SQL}
     SELECT step, person_id, answer FROM forms.process_step_answers WHERE instance_id = ? ORDER BY step, person_id`,
    [...replaceAnswersBindings(instanceId, step, rows), instanceId],
  );
  return camelCaseRows<AnswerRow>(result);
}

/**
 * CTEs that make `rows` the step's answers: each given person's answer is stored (a step
 * answered again after back replaces it), and the answers of everybody else at this step (e.g.
 * persons the question no longer applies to) are removed. The two parts touch disjoint rows, so
 * running them in one snapshot is safe. Bindings: replaceAnswersBindings.
 */
const REPLACE_ANSWERS_SQL = `given AS (
    SELECT * FROM json_to_recordset(?::json) AS g(person_id int, answer text)
  ), removed AS (
    DELETE FROM forms.process_step_answers
     WHERE instance_id = ? AND step = ? AND person_id NOT IN (SELECT person_id FROM given)
  ), stored AS (
    INSERT INTO forms.process_step_answers (instance_id, step, person_id, answer, updated_at)
    SELECT ?, ?, given.person_id, given.answer, now() FROM given
    ON CONFLICT (instance_id, step, person_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at
  )`;

function replaceAnswersBindings(instanceId: string, step: number, rows: Array<{ personId: number; answer: string | null }>) {
  const given = JSON.stringify(rows.map((r) => ({ person_id: r.personId, answer: r.answer })));
  return [given, instanceId, step, instanceId, step];
}

/**
 * A question step answered and left, in one statement: the step's answers replaced (see
 * REPLACE_ANSWERS_SQL), the instance moved on (`patch`), and every answer of the instance
 * returned as it now stands, for the next step's form and the running total. A step is the
 * registration's most frequent request and the forms service's CPU (a socket write and a query
 * build per statement) limits it, so four round trips become one. The statement's own writes are
 * not visible to its SELECT (one snapshot), so it reads the other steps' answers and the step's
 * new ones are taken as written.
 */
export async function answerAndMoveOn(
  trx: Knex.Transaction,
  instanceId: string,
  step: number,
  rows: Array<{ personId: number; answer: string | null }>,
  patch: Required<Pick<InstancePatch, 'state' | 'step'>>,
): Promise<{ instance: InstanceRow; answers: AnswerRow[] }> {
  if (patch.step === step) throw new Error('answerAndMoveOn must move to another step');
  const result = await trx.raw(
    `WITH ${REPLACE_ANSWERS_SQL}, moved AS (
       UPDATE forms.process_instances SET state = ?, step = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? RETURNING *
     )
     SELECT moved.*,
            (SELECT coalesce(json_agg(json_build_object('step', a.step, 'personId', a.person_id, 'answer', a.answer)), '[]'::json)
               FROM forms.process_step_answers a
              WHERE a.instance_id = moved.id AND a.step <> ?) AS other_answers
       FROM moved`,
    [...replaceAnswersBindings(instanceId, step, rows), patch.state, patch.step, instanceId, step],
  );
  const [row] = camelCaseRows<StoredInstance & { otherAnswers: AnswerRow[] }>(result);
  if (!row) throw new Error(`process instance ${instanceId} not found`);
  const answers = [...row.otherAnswers, ...rows.map((r) => ({ step, personId: r.personId, answer: r.answer }))];
  return { instance: toRow(row), answers: answers.sort(byStepAndPerson) };
}

/** The order answers are read in: by step, then person. */
export function byStepAndPerson(a: AnswerRow, b: AnswerRow): number {
  return a.step - b.step || a.personId - b.personId;
}

/** Removes the answers of persons who are no longer selected. */
export async function deleteAnswersOfOtherPersons(trx: Knex.Transaction, instanceId: string, keepPersonIds: number[]): Promise<void> {
  await answers(trx).where({ instanceId }).whereNotIn('personId', keepPersonIds).delete();
}

export async function deleteAllAnswers(trx: Knex.Transaction, instanceId: string): Promise<void> {
  await answers(trx).where({ instanceId }).delete();
}
