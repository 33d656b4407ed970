import { setTimeout as sleep } from 'node:timers/promises';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient, HttpResponse } from '../support/client';
import { browser, signIn } from '../support/demo';
import { uploadedImport } from '../support/importJobs';
import { multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * Organisation boundary in imports (docs/decisions.md), as an attacker tried it against `npm
 * start`: Olga, an operator of Riverside, names Carla Jensen, a member of Lakeside (the other club
 * of the same registration system), in files imported into a Riverside event, by her Person ID
 * with updatePII and by her name. Nothing of Carla's stored data reaches Olga, in the F7 sample,
 * the row results, the summary, the merge review or the person page, and nothing of it changes.
 * A membership import naming her user key does not attach her account to Riverside.
 */

const API = '/services/admin-service/api';
let knex: Knex;
let olga: HttpClient;
let riverside: number;
let selfSource: number;
let carla: number;
const CARLA = { firstName: 'Carla', lastName: 'Jensen', dateOfBirth: '2001-01-15', email: 'carla.jensen@example.org' };

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  riverside = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  carla = (
    (await knex('membership.accounts').where({ registrationSystemId: 1, externalUserId: 'carla.jensen' }).first('personId')) as {
      personId: number;
    }
  ).personId;
  olga = await signIn(browser(), 'olga.operator');
  // "This system (own export)" is made when source systems are first listed.
  const sources = (await olga.get(`${API}/imports/source-systems`)).json<Array<{ id: number | string; isSelf: boolean }>>();
  selfSource = Number(sources.find((s) => s.isSelf)?.id);
});
afterAll(() => knex.destroy());

async function storedCarla() {
  return knex('membership.persons')
    .where({ id: carla })
    .first('firstName', 'lastName', 'email', knex.raw(`to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"`));
}

function expectNothingOfCarla(res: HttpResponse): void {
  for (const value of [CARLA.lastName, CARLA.email]) expect(res.text).not.toContain(value);
}

async function imported(fields: Record<string, string>, csv: string): Promise<{ id: string; state: string; response: HttpResponse }> {
  const { body, contentType } = multipartBody(fields, [
    { field: 'file', fileName: 'participants.csv', contentType: 'text/csv', data: Buffer.from(csv) },
  ]);
  const put = await olga.request('PUT', `${API}/event-participants/import`, { body, headers: { 'content-type': contentType } });
  expect(put.status).toBe(201);
  const { id } = put.json<{ id: string }>();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await olga.get(`${API}/imports/${id}`);
    const { state } = response.json<{ state: string }>();
    if (!['QUEUED', 'PARSING', 'MATCHING_CELLS', 'VERIFYING', 'PROCESSING'].includes(state) || Date.now() > deadline) {
      return { id, state, response };
    }
    await sleep(100);
  }
}

const SUMMARY = `query Summary($id: ID!) { importJob(id: $id) {
  verification { sample { rowNo matchKind person { id lastName dateOfBirth } changes { field current } } }
  results(first: 50) { rows { rowNo outcome matchKind person { id lastName dateOfBirth } failure { category description } } }
  mergeCandidatesCreated { rowNo person { id lastName } candidate { id lastName dateOfBirth } }
} }`;

describe('a trusted Person ID of another organisation with updatePII', () => {
  it('is UNRESOLVED_PERSON; the sample, the job and the summary show nothing of her; her data is not overwritten', async () => {
    const eventId = (await createEvent(knex, riverside)).id;
    const job = await imported(
      { eventId: String(eventId), sourceSystemId: String(selfSource), trustPKs: 'true', updatePII: 'true' },
      `Person ID,First name,Last name,Date of birth,Email\r\n${carla},Carla,Changed,2001-01-15,attacker@example.org\r\n`,
    );
    expect(job.state).toBe('COMPLETED');
    expectNothingOfCarla(job.response);

    const { status, body } = await olga.graphql<{
      importJob: {
        verification: { sample: Array<{ person: unknown; changes: unknown[] }> };
        results: { rows: Array<{ outcome: string; person: unknown; failure: { category: string } | null }> };
      };
    }>(SUMMARY, { id: job.id });
    expect(status).toBe(200);
    expect(body.data?.importJob.verification.sample).toEqual([expect.objectContaining({ person: null, changes: [] })]);
    expect(body.data?.importJob.results.rows).toEqual([
      expect.objectContaining({ outcome: 'FAILED', person: null, failure: expect.objectContaining({ category: 'UNRESOLVED_PERSON' }) }),
    ]);
    expect(JSON.stringify(body)).not.toContain(CARLA.email);
    expect(await storedCarla()).toEqual(CARLA);
    expect(await knex('membership.participants').where({ eventId })).toEqual([]);
  });
});

describe('a row matching another organisation’s person by name', () => {
  it('makes a Riverside person with her as a merge candidate Olga cannot see: summary, merge review and person page', async () => {
    const eventId = (await createEvent(knex, riverside)).id;
    const job = await imported({ eventId: String(eventId) }, 'First name,Last name,Date of birth\r\nCarla,Jensen,2001-01-15\r\n');
    expect(job.state).toBe('COMPLETED');

    const summary = await olga.graphql<{
      importJob: {
        results: { rows: Array<{ outcome: string; matchKind: string; person: { id: string; lastName: string } | null }> };
        mergeCandidatesCreated: Array<{ person: { id: string } | null; candidate: unknown }>;
      };
    }>(SUMMARY, { id: job.id });
    expect(summary.status).toBe(200);
    const [row] = summary.body.data?.importJob.results.rows ?? [];
    expect(row).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE', person: { lastName: 'Jensen' } });
    const created = row!.person!.id;
    expect(created).not.toBe(String(carla));
    expect(summary.body.data?.importJob.mergeCandidatesCreated).toEqual([
      expect.objectContaining({ person: { id: created, lastName: 'Jensen' }, candidate: null }),
    ]);
    expect(JSON.stringify(summary.body)).not.toContain(CARLA.email);

    const pages = await olga.graphql<{ theirs: unknown; ours: { id: string } | null; review: Array<{ candidate: { id: string } }> }>(
      `query($theirs: ID!, $ours: ID!) {
         theirs: operatorPerson(id: $theirs) { id email dateOfBirth }
         ours: operatorPerson(id: $ours) { id }
         review: operatorMergeCandidates { candidate { id } }
       }`,
      { theirs: String(carla), ours: created },
    );
    expect(pages.status).toBe(200);
    expect(pages.body.data?.theirs).toBeNull();
    expect(pages.body.data?.ours).toEqual({ id: created });
    expect(pages.body.data?.review.map((c) => c.candidate.id)).not.toContain(String(carla));
    expect(JSON.stringify(pages.body)).not.toContain(CARLA.email);

    expect(await storedCarla()).toEqual(CARLA);
    expect((await knex('membership.participants').where({ eventId }).select('personId')).map((p) => p.personId)).toEqual([Number(created)]);
  });
});

describe('a membership import (M01) naming her user key', () => {
  it('refuses her row and the row of her "household": her account is not attached to Riverside, her person page stays null', async () => {
    const account = (await knex('membership.accounts').where({ registrationSystemId: 1, externalUserId: 'carla.jensen' }).first('id')) as {
      id: number;
    };
    const links = () => knex('membership.linkedPersons').where({ accountId: account.id }).orderBy('personId').select('personId');
    const linksBefore = await links();
    const { body, contentType } = multipartBody({ periodId: String(DEMO_PERIOD_ID) }, [
      {
        field: 'file',
        fileName: 'members.csv',
        contentType: 'text/csv',
        data: Buffer.from(
          'First name,Last name,Date of birth,User key,Household,Membership type\r\n' +
            'Carla,Jensen,2001-01-15,carla.jensen,CJ,individual\r\n' +
            // Her "household": without the check this row made her account a user of Riverside.
            'Mallory,Jensen,1990-02-02,,CJ,individual\r\n',
        ),
      },
    ]);
    const job = await uploadedImport<{ id: string; state: string }>(
      olga,
      await olga.request('PUT', `${API}/memberships/import`, { body, headers: { 'content-type': contentType } }),
    );
    expect(job.state).toBe('COMPLETED');

    const summary = await olga.graphql<{
      importJob: {
        results: { rows: Array<{ outcome: string; person: unknown; failure: { category: string; description: string } | null }> };
      };
    }>(SUMMARY, { id: job.id });
    expect(summary.status).toBe(200);
    const refused = expect.objectContaining({
      outcome: 'FAILED',
      person: null,
      failure: {
        category: 'FAILED',
        description: expect.stringMatching(/^User key "carla\.jensen" belongs to an account that is not a user of Riverside/),
      },
    });
    expect(summary.body.data?.importJob.results.rows).toEqual([refused, refused]);
    expect(JSON.stringify(summary.body)).not.toContain(CARLA.email);

    expect(await knex('membership.orgUsers').where({ accountId: account.id, organisationId: riverside })).toEqual([]);
    expect(await links()).toEqual(linksBefore);
    const page = await olga.graphql<{ theirs: unknown }>(`query($theirs: ID!) { theirs: operatorPerson(id: $theirs) { id email } }`, {
      theirs: String(carla),
    });
    expect(page.status).toBe(200);
    expect(page.body.data?.theirs).toBeNull();
    expect(await storedCarla()).toEqual(CARLA);
  });
});
