import type { Knex } from '@ems/db';
import type { ImportType } from '../domain/importTypes';

export interface SourceSystemRecord {
  id: number;
  registrationSystemId: number;
  organisationId: number | null;
  name: string;
  isSelf: boolean;
}

export const SELF_SOURCE_NAME = 'This system (own export)';

/** The source systems an operator of these organisations may pick; "this system" always exists. */
export async function listSourceSystems(
  db: Knex,
  registrationSystemId: number,
  organisationIds: readonly number[],
): Promise<SourceSystemRecord[]> {
  await db('imports.source_systems')
    .insert({ registrationSystemId, name: SELF_SOURCE_NAME, isSelf: true })
    .onConflict(['registration_system_id', 'name'])
    .ignore();
  return (await db('imports.source_systems')
    .where({ registrationSystemId })
    .where((q) => q.whereNull('organisationId').orWhereIn('organisationId', organisationIds))
    .orderBy([{ column: 'isSelf', order: 'desc' }, 'name'])
    .select('id', 'registrationSystemId', 'organisationId', 'name', 'isSelf')) as SourceSystemRecord[];
}

export async function findSourceSystem(db: Knex, id: number): Promise<SourceSystemRecord | null> {
  const row = await db('imports.source_systems').where({ id }).first('id', 'registrationSystemId', 'organisationId', 'name', 'isSelf');
  return (row as SourceSystemRecord | undefined) ?? null;
}

export async function createSourceSystem(db: Knex, s: Omit<SourceSystemRecord, 'id'>): Promise<SourceSystemRecord> {
  const [row] = await db('imports.source_systems').insert(s).returning(['id', 'registrationSystemId', 'organisationId', 'name', 'isSelf']);
  return row as SourceSystemRecord;
}

/**
 * A new source system, or null when its registration system has one of this name in any case
 * (the unique indexes decide, so of two inserts at once one gets null instead of an error).
 */
export async function insertSourceSystemUnlessNameTaken(
  trx: Knex.Transaction,
  s: Omit<SourceSystemRecord, 'id'>,
): Promise<SourceSystemRecord | null> {
  const [row] = await trx('imports.source_systems')
    .insert(s)
    .onConflict()
    .ignore()
    .returning(['id', 'registrationSystemId', 'organisationId', 'name', 'isSelf']);
  return (row as SourceSystemRecord | undefined) ?? null;
}

export interface TemplateVariant {
  id: number;
  sourceSystemId: number;
  importType: ImportType;
  key: string;
  name: string;
  header: string[];
  columnMappings: Array<{ header: string; field: string | null }>;
  cellChoices: Array<{ fkType: string; value: string; targetId: number | null; targetLabel?: string | null }>;
}

export async function listTemplateVariants(db: Knex, sourceSystemId: number, importType?: ImportType): Promise<TemplateVariant[]> {
  return (await db('imports.template_variants')
    .where({ sourceSystemId })
    .modify((q) => (importType ? q.where({ importType }) : q))
    .orderBy('name')) as TemplateVariant[];
}

/** Saves what the operator chose for a header under a key (a later file with this header reuses it). */
export async function saveTemplateVariant(db: Knex, v: Omit<TemplateVariant, 'id'>): Promise<void> {
  await db('imports.template_variants')
    .insert({
      ...v,
      columnMappings: JSON.stringify(v.columnMappings),
      cellChoices: JSON.stringify(v.cellChoices),
    })
    .onConflict(['source_system_id', 'import_type', 'key'])
    .merge({
      header: v.header,
      columnMappings: JSON.stringify(v.columnMappings),
      cellChoices: JSON.stringify(v.cellChoices),
      updatedAt: db.fn.now(),
    });
}
