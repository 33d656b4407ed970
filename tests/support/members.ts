import type { Knex } from '@ems/db';

/**
 * A fresh member of the demo club (tenant 1, Riverside Athletics Club) with linked persons, for
 * tests that need a user of their own. Returns the user key and the persons' ids.
 */
export async function createRiversideMember(
  knex: Knex,
  userKey: string,
  persons: Array<{ firstName: string; lastName: string; dateOfBirth: string; relationship?: string }>,
): Promise<{ userKey: string; personIds: number[]; accountId: number }> {
  return knex.transaction(async (trx) => {
    const org = await trx('membership.organisations').where({ slug: 'riverside-ac' }).first('id');
    const personIds: number[] = [];
    for (const p of persons) {
      const [row] = await trx('membership.persons')
        .insert({
          registrationSystemId: 1,
          firstName: p.firstName,
          lastName: p.lastName,
          dateOfBirth: p.dateOfBirth,
          email: `${userKey}@example.org`,
        })
        .returning('id');
      personIds.push(row.id);
    }
    const [account] = await trx('membership.accounts')
      .insert({ registrationSystemId: 1, externalUserId: userKey, personId: personIds[0], email: `${userKey}@example.org` })
      .returning('id');
    await trx('membership.org_users').insert({ accountId: account.id, organisationId: org.id, roles: ['ROLE_USER'], isPrimary: true });
    await trx('membership.linked_persons').insert(
      persons.map((p, i) => ({
        accountId: account.id,
        personId: personIds[i],
        relationship: p.relationship ?? (i === 0 ? 'self' : 'child'),
      })),
    );
    return { userKey, personIds, accountId: account.id };
  });
}
