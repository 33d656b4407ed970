import type { Knex } from '@ems/db';
import { models } from '@ems/db';
import type { DefinitionRow, NewStep, StepRow } from './rows';

/** The organisation's definition for `key` with the highest version; null when it has none. */
export async function latestDefinitionId(db: Knex | Knex.Transaction, organisationId: number, key: string): Promise<number | null> {
  const row = await models.ProcessDefinition.query(db).where({ organisationId, key }).orderBy('version', 'desc').first().select('id');
  return row?.id ?? null;
}

/**
 * A definition never changes once written (a change is a new version, a new id), so each process
 * keeps the ones it has read: every form request needs its steps. Keyed per database as well,
 * for tests that use several.
 */
const definitionCache = new Map<string, DefinitionRow>();

export async function definitionWithSteps(db: Knex | Knex.Transaction, id: number): Promise<DefinitionRow | null> {
  const key = `${JSON.stringify(db.client.config.connection)}#${id}`;
  const cached = definitionCache.get(key);
  if (cached) return cached;
  const loaded = await loadDefinitionWithSteps(db, id);
  if (loaded) {
    if (definitionCache.size > 1000) definitionCache.clear();
    definitionCache.set(key, loaded);
  }
  return loaded;
}

async function loadDefinitionWithSteps(db: Knex | Knex.Transaction, id: number): Promise<DefinitionRow | null> {
  const definition = await models.ProcessDefinition.query(db)
    .findById(id)
    .withGraphFetched('steps')
    .modifyGraph('steps', (q) => q.orderBy('position'));
  if (!definition) return null;
  return {
    id: definition.id,
    key: definition.key,
    name: definition.name,
    version: definition.version,
    organisationId: definition.organisationId,
    steps: (definition.steps ?? []).map((s): StepRow => ({
      id: s.id,
      position: s.position,
      question: s.question,
      questionType: s.questionType,
      required: s.required,
      options: s.options,
      answerKey: s.answerKey,
      appliesTo: s.appliesTo,
      numberMin: s.numberMin,
      numberMax: s.numberMax,
    })),
  };
}

/**
 * Writes version `version` of a definition with its steps, unless the organisation already has
 * that version: a definition never changes once written (a changed form is a new version), and
 * several processes may try at once. Returns the new id, or null when the version existed.
 */
export async function insertDefinitionVersion(
  db: Knex | Knex.Transaction,
  definition: { organisationId: number; key: string; name: string; version: number },
  steps: readonly NewStep[],
): Promise<number | null> {
  const [inserted] = await db('forms.processDefinitions')
    .insert(definition)
    .onConflict(['organisationId', 'key', 'version'])
    .ignore()
    .returning('id');
  if (!inserted) return null;
  const definitionId = (inserted as { id: number }).id;
  if (steps.length > 0) {
    await db('forms.processSteps').insert(
      steps.map((step) => ({
        ...step,
        definitionId,
        // jsonb: as JSON text, or pg would send a JS array as a PostgreSQL array.
        options: step.options ? JSON.stringify(step.options) : null,
        appliesTo: step.appliesTo ? JSON.stringify(step.appliesTo) : null,
      })),
    );
  }
  return definitionId;
}
