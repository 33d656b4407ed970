import { createKnex } from './connection';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('createKnex', () => {
  it('plans every connection for solid-state storage (random_page_cost 1.1, not the server default 4)', async () => {
    const knex = createKnex(serverUrl, { poolMax: 2 });
    try {
      const shown = await Promise.all([0, 1].map(() => knex.raw('SHOW random_page_cost')));
      expect(shown.map((r) => (r as { rows: Array<{ random_page_cost: string }> }).rows[0]?.random_page_cost)).toEqual(['1.1', '1.1']);
      const server = await knex.raw("SELECT reset_val FROM pg_settings WHERE name = 'random_page_cost'");
      expect((server as { rows: Array<{ reset_val: string }> }).rows[0]?.reset_val).toBe('1.1');
    } finally {
      await knex.destroy();
    }
  });
});
