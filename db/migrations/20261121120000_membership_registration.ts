import type { Knex } from 'knex';

// Filled in by the owning subgraph's work (see docs/design/registration.md).
export async function up(_knex: Knex): Promise<void> {}

export async function down(_knex: Knex): Promise<void> {}
