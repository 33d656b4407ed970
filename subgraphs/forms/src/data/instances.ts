import { camelCaseRows, type Knex } from '@ems/db';
import type { InstancePatch, InstanceRow } from './rows';

type Db = Knex | Knex.Transaction;

/**
 * Plain knex rather than objection: every registration step runs these, the rows map
 * one to one, and the forms service's CPU is what limits it under load (objection's query
 * building showed as a tenth of it in the registration benchmark's profile).
 */
const instances = (db: Db) => db('forms.processInstances');

/** A row as stored: the array column may come back null. */
export type StoredInstance = Omit<InstanceRow, 'selectedPersonIds'> & { selectedPersonIds: number[] | null };

export function toRow(m: StoredInstance): InstanceRow {
  return {
    id: m.id,
    definitionId: m.definitionId,
    accountId: m.accountId,
    registrationSystemId: m.registrationSystemId,
    periodId: m.periodId,
    state: m.state,
    step: m.step,
    selectedPersonIds: m.selectedPersonIds ?? [],
    orderId: m.orderId,
    paymentUrl: m.paymentUrl,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/**
 * The account's instance for the period that is neither COMPLETED nor CANCELLED (at most one,
 * by the partial unique index), locked for the rest of the transaction.
 */
export async function lockOpenInstance(trx: Knex.Transaction, accountId: number, periodId: number): Promise<InstanceRow | null> {
  const row = (await instances(trx).where({ accountId, periodId }).whereNotIn('state', ['COMPLETED', 'CANCELLED']).forUpdate().first()) as
    StoredInstance | undefined;
  return row ? toRow(row) : null;
}

/**
 * The instance with this id when it belongs to the account, locked (`SELECT ... FOR UPDATE`) so
 * that two submissions of the same process are handled one after the other.
 */
export async function lockOwnInstance(
  trx: Knex.Transaction,
  id: string,
  owner: { accountId: number; registrationSystemId: number },
): Promise<InstanceRow | null> {
  const row = (await instances(trx)
    .where({ id, accountId: owner.accountId, registrationSystemId: owner.registrationSystemId })
    .forUpdate()
    .first()) as StoredInstance | undefined;
  return row ? toRow(row) : null;
}

/**
 * Creates the open instance unless a concurrent request just did: the insert yields to the
 * partial unique index instead of failing, and the caller then locks the winner's row.
 */
export async function insertOpenInstance(
  trx: Knex.Transaction,
  row: Pick<InstanceRow, 'definitionId' | 'accountId' | 'registrationSystemId' | 'periodId' | 'state' | 'step'>,
): Promise<InstanceRow | null> {
  const result = await trx.raw(
    `INSERT INTO forms.process_instances (definition_id, account_id, registration_system_id, period_id, state, step)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, period_id) WHERE state NOT IN ('COMPLETED', 'CANCELLED') DO NOTHING
     RETURNING *`,
    [row.definitionId, row.accountId, row.registrationSystemId, row.periodId, row.state, row.step],
  );
  const [inserted] = camelCaseRows<StoredInstance>(result);
  return inserted ? toRow(inserted) : null;
}

export async function updateInstance(db: Db, id: string, patch: InstancePatch): Promise<InstanceRow> {
  // One statement (UPDATE ... RETURNING) instead of an update and a select.
  const [updated] = (await instances(db)
    .where({ id })
    .update({ ...patch, updatedAt: db.fn.now() })
    .returning('*')) as StoredInstance[];
  if (!updated) throw new Error(`process instance ${id} not found`);
  return toRow(updated);
}
