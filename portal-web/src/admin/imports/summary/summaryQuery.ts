import { graphql } from '../../graphql/generated';
import type { ImportSummaryQuery } from '../../graphql/generated/graphql';

/** The summary screen's job (IImportResultsPage): the table pages its rows itself after the first page. */
export const IMPORT_SUMMARY = graphql(`
  query ImportSummary($id: ID!) {
    importJob(id: $id) {
      id
      importType
      callerKey
      state
      displayState
      terminal
      fileName
      createdAt
      finishedAt
      error
      event {
        id
        name
      }
      counts {
        rows
        created
        updated
        unchanged
        failed
        personsCreated
        personsUpdated
        matchedByKey
        matchedExactly
        matchedFuzzily
        mergeCandidates
      }
      ignoredColumns
      mergeCandidatesCreated {
        id
        rowNo
        person {
          id
          firstName
          lastName
          dateOfBirth
        }
        candidate {
          id
          firstName
          lastName
          dateOfBirth
        }
      }
      failedRowCount
      failedRowsUrl
      # The per-row table's first page either way (failures first, else every row), in the same
      # round trip: its own query (same arguments) then answers from the cache.
      firstFailedPage: results(first: 50, after: 0, outcome: "FAILED") {
        ...ImportRowResults_page
      }
      firstPage: results(first: 50, after: 0, outcome: null) {
        ...ImportRowResults_page
      }
      undoable
      undo {
        requestedBy
        requestedAt
        finishedAt
        error
        refusedCount
        counts {
          record
          outcome
          count
        }
        refused(first: 20) {
          refused {
            rowNo
            record
            recordId
            reason
            message
          }
        }
      }
      correctsJob {
        id
        callerKey
      }
      correctedBy {
        id
        callerKey
        terminal
      }
    }
  }
`);

export type SummaryJob = NonNullable<ImportSummaryQuery['importJob']>;
export type CountKey = keyof SummaryJob['counts'];

/** The counts of a flow that matches persons (F4) and records merge candidates (F8). */
export const PERSON_FLOW_COUNTS: readonly CountKey[] = [
  'rows',
  'created',
  'updated',
  'unchanged',
  'failed',
  'personsCreated',
  'personsUpdated',
  'matchedByKey',
  'matchedExactly',
  'matchedFuzzily',
  'mergeCandidates',
];
