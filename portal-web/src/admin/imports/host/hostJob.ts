import { graphql } from '../../graphql/generated';

/**
 * What the common host polls every two seconds: the state and progress only. Each operator stage
 * reads its own part of the job once (its query), so the poll stays small on a big file.
 */
export const IMPORT_HOST_STATE = graphql(`
  fragment ImportHostState_job on ImportJob {
    id
    importType
    callerKey
    state
    displayState
    terminal
    fileName
    rowsTotal
    rowsProcessed
    error
  }
`);

export const IMPORT_HOST_QUERY = graphql(`
  query ImportHostState($id: ID!) {
    importJob(id: $id) {
      ...ImportHostState_job
    }
  }
`);

export const CANCEL_IMPORT = graphql(`
  mutation CancelImport($jobId: ID!) {
    cancelImport(jobId: $jobId) {
      ...ImportHostState_job
    }
  }
`);
