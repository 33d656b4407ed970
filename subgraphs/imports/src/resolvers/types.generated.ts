import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { JobView } from '../domain/jobView';
import type { ImportUndoParent } from '../domain/undo/jobUndo';
import type { SourceSystemRecord } from '../data/sourceSystems';
import type { ImportsContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A file upload (GraphQL multipart request; the router sends it straight to this subgraph). */
  Upload: { input: unknown; output: unknown; }
  _FieldSet: { input: unknown; output: unknown; }
};

export type AskedCellValue = {
  __typename?: 'AskedCellValue';
  answered: Scalars['Boolean']['output'];
  chosenTargetId?: Maybe<Scalars['Int']['output']>;
  fkType: Scalars['String']['output'];
  matches: Array<CellTarget>;
  rows: Scalars['Int']['output'];
  value: Scalars['String']['output'];
};

export type CellMappingInput = {
  fkType: Scalars['String']['input'];
  /** null: none (the rows with this value fail with FK_MISMATCH). */
  targetId?: InputMaybe<Scalars['Int']['input']>;
  value: Scalars['String']['input'];
};

export type CellOptions = {
  __typename?: 'CellOptions';
  fkType: Scalars['String']['output'];
  targets: Array<CellTarget>;
};

export type CellTarget = {
  __typename?: 'CellTarget';
  id: Scalars['Int']['output'];
  label: Scalars['String']['output'];
};

export type ColumnMapping = {
  __typename?: 'ColumnMapping';
  column: Scalars['Int']['output'];
  field?: Maybe<Scalars['String']['output']>;
  header: Scalars['String']['output'];
  matchedBy: Scalars['String']['output'];
  note?: Maybe<Scalars['String']['output']>;
};

export type ColumnMappingInput = {
  column: Scalars['Int']['input'];
  /** null: ignore the column. */
  field?: InputMaybe<Scalars['String']['input']>;
};

export type DuplicateColumns = {
  __typename?: 'DuplicateColumns';
  columns: Array<Scalars['Int']['output']>;
  field: Scalars['String']['output'];
};

export type Event = {
  __typename?: 'Event';
  id: Scalars['ID']['output'];
};

export type EventParticipantImportInput = {
  acknowledgeFingerprintWarning?: InputMaybe<Scalars['Boolean']['input']>;
  createCustom1?: InputMaybe<Scalars['String']['input']>;
  createCustom2?: InputMaybe<Scalars['String']['input']>;
  createCustom3?: InputMaybe<Scalars['String']['input']>;
  eventId: Scalars['ID']['input'];
  sheetIndex?: InputMaybe<Scalars['Int']['input']>;
  sourceSystemId?: InputMaybe<Scalars['ID']['input']>;
  templateVariantKey?: InputMaybe<Scalars['String']['input']>;
  trustPKs?: InputMaybe<Scalars['Boolean']['input']>;
  updatePII?: InputMaybe<Scalars['Boolean']['input']>;
};

export type FieldChange = {
  __typename?: 'FieldChange';
  applied: Scalars['Boolean']['output'];
  current?: Maybe<Scalars['String']['output']>;
  field: Scalars['String']['output'];
  file?: Maybe<Scalars['String']['output']>;
};

export type FieldValue = {
  __typename?: 'FieldValue';
  field: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

export type FingerprintDecision =
  | 'ABORT'
  | 'ACKNOWLEDGE';

export type FingerprintWarning = {
  __typename?: 'FingerprintWarning';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type ImportCells = {
  __typename?: 'ImportCells';
  asked: Array<AskedCellValue>;
  options: Array<CellOptions>;
};

export type ImportColumns = {
  __typename?: 'ImportColumns';
  duplicates: Array<DuplicateColumns>;
  /** The fields a column of this job may feed (its flow's, as the upload's options make them). */
  fields: Array<ImportField>;
  header: Array<Scalars['String']['output']>;
  mappings: Array<ColumnMapping>;
  missingRequired: Array<Scalars['String']['output']>;
  templateVariantKey?: Maybe<Scalars['String']['output']>;
};

export type ImportCounts = {
  __typename?: 'ImportCounts';
  created: Scalars['Int']['output'];
  failed: Scalars['Int']['output'];
  matchedByKey: Scalars['Int']['output'];
  matchedExactly: Scalars['Int']['output'];
  matchedFuzzily: Scalars['Int']['output'];
  mergeCandidates: Scalars['Int']['output'];
  personsCreated: Scalars['Int']['output'];
  personsUpdated: Scalars['Int']['output'];
  rows: Scalars['Int']['output'];
  unchanged: Scalars['Int']['output'];
  updated: Scalars['Int']['output'];
};

/** One recognised column of an import type (the field-definition registry). */
export type ImportField = {
  __typename?: 'ImportField';
  aliases: Array<Scalars['String']['output']>;
  externalOnly: Scalars['Boolean']['output'];
  foreignKey?: Maybe<Scalars['String']['output']>;
  label: Scalars['String']['output'];
  name: Scalars['String']['output'];
  required: Scalars['Boolean']['output'];
  selfOnly: Scalars['Boolean']['output'];
};

/** The state object of one import, identified by a uuid (the contract's IImportJob). */
export type ImportJob = {
  __typename?: 'ImportJob';
  /** An earlier completed import of the same file into the same event: importing it again changes nothing. */
  alreadyImportedJobId?: Maybe<Scalars['ID']['output']>;
  /** Routes the common host back to the originating importer's summary screen. */
  callerKey: Scalars['String']['output'];
  cells?: Maybe<ImportCells>;
  columns?: Maybe<ImportColumns>;
  /** Imports of this import's corrected failed rows, oldest first. */
  correctedBy: Array<ImportJob>;
  /** The import whose corrected failed rows this one imports. */
  correctsJob?: Maybe<ImportJob>;
  counts: ImportCounts;
  createdAt: Scalars['String']['output'];
  displayState: ImportJobState;
  error?: Maybe<Scalars['String']['output']>;
  event?: Maybe<Event>;
  /** How many rows failed (ImportRowResults with a failure). */
  failedRowCount: Scalars['Int']['output'];
  /** The failed rows as CSV, to correct and import again (GET with the operator's session, through the router). Null while the import runs, for a whole-file import, and when no row failed. */
  failedRowsUrl?: Maybe<Scalars['String']['output']>;
  fileName?: Maybe<Scalars['String']['output']>;
  fileSha256: Scalars['String']['output'];
  finishedAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** F9: columns the import did not read. */
  ignoredColumns: Array<Scalars['String']['output']>;
  importType: ImportType;
  importTypeCode: Scalars['String']['output'];
  /** F8: merge candidates the import created. */
  mergeCandidatesCreated: Array<MergeCandidateRef>;
  /** E08: the result set the import fills, its options and what it counted; null for other import types. */
  resultSet?: Maybe<ResultSetImportSummary>;
  /** Per-row results in file order (IImportResultsPage); outcome: only rows of that outcome (CREATED, UPDATED, UNCHANGED, FAILED). */
  results: ImportRowResultPage;
  rowsProcessed: Scalars['Int']['output'];
  rowsTotal?: Maybe<Scalars['Int']['output']>;
  sourceSystemId?: Maybe<Scalars['ID']['output']>;
  startedAt?: Maybe<Scalars['String']['output']>;
  state: ImportJobState;
  terminal: Scalars['Boolean']['output'];
  /** The undo, once an operator asked for it (undoImport); null before. */
  undo?: Maybe<ImportUndo>;
  /** Whether undoImport would be accepted now: the import COMPLETED and its flow can undo (the summary offers the undo only then). */
  undoable: Scalars['Boolean']['output'];
  verification?: Maybe<ImportVerification>;
};


/** The state object of one import, identified by a uuid (the contract's IImportJob). */
export type ImportJobResultsArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  failedOnly?: InputMaybe<Scalars['Boolean']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  outcome?: InputMaybe<Scalars['String']['input']>;
};

export type ImportJobFilter = {
  eventId?: InputMaybe<Scalars['ID']['input']>;
  importType?: InputMaybe<ImportType>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  state?: InputMaybe<Array<ImportJobState>>;
  /** ISO 8601 instant: jobs changed (state, progress) at or after it. */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

/** The import job's states (docs/imports.md). FINGERPRINT_ABORT is shown as FAILED (displayState). UNDOING and UNDONE: the undo of a completed import. */
export type ImportJobState =
  | 'CANCELLED'
  | 'CELLS_NEEDED'
  | 'COLUMNS_NEEDED'
  | 'COMPLETED'
  | 'FAILED'
  | 'FINGERPRINT_ABORT'
  | 'FINGERPRINT_WARNING'
  | 'MATCHING_CELLS'
  | 'PARSING'
  | 'PROCESSING'
  | 'QUEUED'
  | 'UNDOING'
  | 'UNDONE'
  | 'VERIFYING';

/** ImportRowResult: the outcome of one row. */
export type ImportRowResult = {
  __typename?: 'ImportRowResult';
  failure?: Maybe<RowFailureMetadata>;
  matchKind?: Maybe<Scalars['String']['output']>;
  outcome: Scalars['String']['output'];
  person?: Maybe<Person>;
  rowNo: Scalars['Int']['output'];
  targetId?: Maybe<Scalars['Int']['output']>;
};

export type ImportRowResultPage = {
  __typename?: 'ImportRowResultPage';
  /** Pass as `after` for the next page; null at the end. */
  nextAfter?: Maybe<Scalars['Int']['output']>;
  rows: Array<ImportRowResult>;
};

/** Import flows; each has a one-character code (the contract's converter in the event database). */
export type ImportType =
  | 'EVENT_PARTICIPANT'
  | 'MEMBERSHIP'
  | 'RESULT_SET';

/** The undo of a completed import: what it removed or put back, and the records it left as they are. */
export type ImportUndo = {
  __typename?: 'ImportUndo';
  counts: Array<ImportUndoCount>;
  /** Why the undo failed; the import is COMPLETED again and nothing was undone. */
  error?: Maybe<Scalars['String']['output']>;
  /** When the worker ran it (null while UNDOING). */
  finishedAt?: Maybe<Scalars['String']['output']>;
  /** The records it left, with the reason, in the file's row order. */
  refused: ImportUndoRefusalPage;
  /** How many records the undo left as they are. */
  refusedCount: Scalars['Int']['output'];
  requestedAt: Scalars['String']['output'];
  requestedBy: Scalars['String']['output'];
};


/** The undo of a completed import: what it removed or put back, and the records it left as they are. */
export type ImportUndoRefusedArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type ImportUndoCount = {
  __typename?: 'ImportUndoCount';
  count: Scalars['Int']['output'];
  /** DELETED, RESTORED, ALREADY_GONE, or the reason a record was left. */
  outcome: Scalars['String']['output'];
  /** PERSON, PARTICIPANT, EXTERNAL_ID, MERGE_CANDIDATE, EVENT, ... */
  record: Scalars['String']['output'];
};

/** A record the undo left as it is now. */
export type ImportUndoRefusal = {
  __typename?: 'ImportUndoRefusal';
  message: Scalars['String']['output'];
  person?: Maybe<Person>;
  /** CHANGED_SINCE, DELETED_SINCE, REFERENCED, BIB_TAKEN or ORDER_KEPT (a membership kept with its order). */
  reason: Scalars['String']['output'];
  record: Scalars['String']['output'];
  recordId: Scalars['String']['output'];
  /** REFERENCED: what uses the record now (memberships, participants, ...); ORDER_KEPT: what keeps the order. */
  referencedBy: Array<Scalars['String']['output']>;
  /** The file's row that wrote the record; null for the import as a whole (the event's labels). */
  rowNo?: Maybe<Scalars['Int']['output']>;
};

export type ImportUndoRefusalPage = {
  __typename?: 'ImportUndoRefusalPage';
  /** Pass as `after` for the next page; null at the end. */
  nextAfter?: Maybe<Scalars['Int']['output']>;
  refused: Array<ImportUndoRefusal>;
};

export type ImportVerification = {
  __typename?: 'ImportVerification';
  acknowledged: Scalars['Boolean']['output'];
  performed: Scalars['Boolean']['output'];
  sample: Array<SampleComparison>;
  skippedBecause?: Maybe<Scalars['String']['output']>;
  warning?: Maybe<FingerprintWarning>;
};

/** M01: the membership import's upload fields (docs/imports.md, "Members"). */
export type MembershipImportInput = {
  acknowledgeFingerprintWarning?: InputMaybe<Scalars['Boolean']['input']>;
  /** The organisation the members join; may be left out by an operator of one organisation, or with periodId. */
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  /** The period of rows that name none. */
  periodId?: InputMaybe<Scalars['ID']['input']>;
  sheetIndex?: InputMaybe<Scalars['Int']['input']>;
  sourceSystemId?: InputMaybe<Scalars['ID']['input']>;
  templateVariantKey?: InputMaybe<Scalars['String']['input']>;
  trustPKs?: InputMaybe<Scalars['Boolean']['input']>;
  updatePII?: InputMaybe<Scalars['Boolean']['input']>;
};

/**
 * F8: a person the import created and someone it may be. Either side is null for an operator who may
 * not see that person: the candidate is often another organisation's person, whom only an operator
 * of both organisations sees and decides (docs/decisions.md, "Organisation boundary in imports").
 */
export type MergeCandidateRef = {
  __typename?: 'MergeCandidateRef';
  candidate?: Maybe<Person>;
  id: Scalars['Int']['output'];
  person?: Maybe<Person>;
  rowNo: Scalars['Int']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  cancelImport: ImportJob;
  /**
   * Adds a source system for one of the operator's organisations (its operators see it); organisationId
   * may be left out by an operator of one organisation. The name (trimmed, 1 to 100 characters) is
   * unique in the registration system whatever its case: SOURCE_SYSTEM_EXISTS.
   */
  createImportSourceSystem: SourceSystem;
  resumeFromFingerprint: ImportJob;
  submitCellMappings: ImportJob;
  submitColumnMappings: ImportJob;
  /** Undoes a completed import, once: removes what it created and puts back what it changed, except records changed since or now in use (listed in ImportJob.undo). A worker runs it: the job is UNDOING, then UNDONE. */
  undoImport: ImportJob;
  uploadEventParticipants: ImportJob;
  /** Imports the corrected failed-rows file of a completed import as a new import linked to it, with its settings, column mappings and cell choices (a multipart request, like the uploads). */
  uploadImportCorrections: ImportJob;
  /** M01: a member list, row by row (a multipart request, like uploadEventParticipants). */
  uploadMemberships: ImportJob;
  /** E08: a result file applied whole, or not at all (a multipart request, like uploadEventParticipants). */
  uploadResultSet: ImportJob;
};


export type MutationCancelImportArgs = {
  jobId: Scalars['ID']['input'];
};


export type MutationCreateImportSourceSystemArgs = {
  name: Scalars['String']['input'];
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationResumeFromFingerprintArgs = {
  decision: FingerprintDecision;
  jobId: Scalars['ID']['input'];
};


export type MutationSubmitCellMappingsArgs = {
  jobId: Scalars['ID']['input'];
  mappings: Array<CellMappingInput>;
};


export type MutationSubmitColumnMappingsArgs = {
  jobId: Scalars['ID']['input'];
  mappings: Array<ColumnMappingInput>;
};


export type MutationUndoImportArgs = {
  jobId: Scalars['ID']['input'];
};


export type MutationUploadEventParticipantsArgs = {
  file: Scalars['Upload']['input'];
  input: EventParticipantImportInput;
};


export type MutationUploadImportCorrectionsArgs = {
  file: Scalars['Upload']['input'];
  jobId: Scalars['ID']['input'];
  sheetIndex?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationUploadMembershipsArgs = {
  file: Scalars['Upload']['input'];
  input: MembershipImportInput;
};


export type MutationUploadResultSetArgs = {
  file: Scalars['Upload']['input'];
  input: ResultSetImportInput;
};

/** Relay's page information. */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** How a result row finds its participant. */
export type ParticipantIdMode =
  /** The start number (bib) in the event. */
  | 'BIB'
  /** The id the source system gave the participant (the participant import's External ID). */
  | 'EXTERNAL_ID'
  /** The participant's id in this system (from its own export). */
  | 'PARTICIPANT_ID';

/** An import job and its summary as a partner reads it (no file contents, mappings or samples). */
export type PartnerImportJob = {
  __typename?: 'PartnerImportJob';
  counts: ImportCounts;
  /** ISO 8601 instants. */
  createdAt: Scalars['String']['output'];
  /** FINGERPRINT_ABORT is shown as FAILED. */
  displayState: ImportJobState;
  error?: Maybe<Scalars['String']['output']>;
  eventId?: Maybe<Scalars['ID']['output']>;
  fileName?: Maybe<Scalars['String']['output']>;
  finishedAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** F9: columns the import did not read. */
  ignoredColumns: Array<Scalars['String']['output']>;
  importType: ImportType;
  organisationId: Scalars['ID']['output'];
  rowsProcessed: Scalars['Int']['output'];
  rowsTotal?: Maybe<Scalars['Int']['output']>;
  sourceSystemId?: Maybe<Scalars['ID']['output']>;
  startedAt?: Maybe<Scalars['String']['output']>;
  state: ImportJobState;
  terminal: Scalars['Boolean']['output'];
  updatedAt: Scalars['String']['output'];
};

export type PartnerImportJobConnection = {
  __typename?: 'PartnerImportJobConnection';
  edges: Array<PartnerImportJobEdge>;
  pageInfo: PageInfo;
};

export type PartnerImportJobEdge = {
  __typename?: 'PartnerImportJobEdge';
  cursor: Scalars['String']['output'];
  node: PartnerImportJob;
};

/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerView = {
  __typename?: 'PartnerView';
  /** imports:read. One import job; null when the id names none of the key's organisations' jobs. */
  importJob?: Maybe<PartnerImportJob>;
  /**
   * imports:read. Import jobs of the key's organisations with their summaries, in sync order (a job
   * moves on with every change of state or progress). first: 100 unless given, at most 500.
   */
  importJobs?: Maybe<PartnerImportJobConnection>;
  /**
   * imports:read. A job's per-row results in file order (the summary's table), `after` a row number;
   * null when the id names none of the key's organisations' jobs. first: 100 unless given, at most 500.
   * Raw names of unresolved persons need members:pii.
   */
  importRowResults?: Maybe<ImportRowResultPage>;
  keyId: Scalars['ID']['output'];
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewImportJobArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewImportJobsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ImportJobFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewImportRowResultsArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  failedOnly?: InputMaybe<Scalars['Boolean']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  jobId: Scalars['ID']['input'];
};

export type Person = {
  __typename?: 'Person';
  id: Scalars['ID']['output'];
};

/** How a result's rank and time become points; DNF, DNS and DSQ never score. */
export type PointsCalculator =
  | 'NONE'
  /** 100, 80, 60, 50, 45, 40, ... 1 for ranks 1 to 30 (the World Cup table); 0 beyond. */
  | 'RANK_TABLE'
  /** The winner's time as a percentage of the finisher's time (the winner scores 100), two decimals. */
  | 'WINNER_PERCENT';

export type Query = {
  __typename?: 'Query';
  importFields: Array<ImportField>;
  importJob?: Maybe<ImportJob>;
  importSourceSystems: Array<SourceSystem>;
  importsHealth: ServiceHealth;
  recentImports: Array<ImportJob>;
};


export type QueryImportFieldsArgs = {
  importType: ImportType;
};


export type QueryImportJobArgs = {
  id: Scalars['ID']['input'];
};


export type QueryRecentImportsArgs = {
  importType: ImportType;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type ResultSetImportInput = {
  /** Whether a row's bib may change its participant's start number (not with BIB). Default false. */
  applyNumberChanges?: InputMaybe<Scalars['Boolean']['input']>;
  eventId: Scalars['ID']['input'];
  /** Default BIB. */
  participantIdMode?: InputMaybe<ParticipantIdMode>;
  /** Default NONE. */
  pointsCalculator?: InputMaybe<PointsCalculator>;
  /** The set the file fills (a set of the same name is replaced); default: the file's name without its extension. */
  resultSetName?: InputMaybe<Scalars['String']['input']>;
  sheetIndex?: InputMaybe<Scalars['Int']['input']>;
};

export type ResultSetImportSummary = {
  __typename?: 'ResultSetImportSummary';
  applyNumberChanges: Scalars['Boolean']['output'];
  dnf: Scalars['Int']['output'];
  dns: Scalars['Int']['output'];
  dsq: Scalars['Int']['output'];
  finished: Scalars['Int']['output'];
  /** The set's name in the event: the upload's resultSetName, or the file's name without its extension. */
  name: Scalars['String']['output'];
  numberChangesApplied: Scalars['Int']['output'];
  numberChangesRefused: Scalars['Int']['output'];
  participantIdMode: ParticipantIdMode;
  pointsCalculator: PointsCalculator;
  /** Results the replaced set held. */
  previousResults: Scalars['Int']['output'];
  /** A set of this name existed and its results were replaced. */
  replaced: Scalars['Boolean']['output'];
  /** Results written (0 when the file was not applied). */
  results: Scalars['Int']['output'];
  /** Results with points. */
  scored: Scalars['Int']['output'];
};

/** Typed failure details; `category` is a free string (a category a client does not know is shown as GENERIC). */
export type RowFailureMetadata = {
  __typename?: 'RowFailureMetadata';
  category: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  fkType?: Maybe<Scalars['String']['output']>;
  fkValue?: Maybe<Scalars['String']['output']>;
  rawFirstName?: Maybe<Scalars['String']['output']>;
  rawLastName?: Maybe<Scalars['String']['output']>;
};

export type SampleComparison = {
  __typename?: 'SampleComparison';
  changes: Array<FieldChange>;
  file: Array<FieldValue>;
  matchKind?: Maybe<Scalars['String']['output']>;
  person?: Maybe<Person>;
  rowNo: Scalars['Int']['output'];
};

export type ServiceHealth = {
  __typename?: 'ServiceHealth';
  service: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

/** The system an import's file comes from: this system's own export, a club's old membership system, a timing company. */
export type SourceSystem = {
  __typename?: 'SourceSystem';
  id: Scalars['ID']['output'];
  isSelf: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** The organisation whose operators see it; null: every organisation of the registration system (this system's own export). */
  organisationId?: Maybe<Scalars['ID']['output']>;
  templateVariants: Array<TemplateVariant>;
};


/** The system an import's file comes from: this system's own export, a club's old membership system, a timing company. */
export type SourceSystemTemplateVariantsArgs = {
  importType?: InputMaybe<ImportType>;
};

/** F10: a remembered column layout of a source system's files. */
export type TemplateVariant = {
  __typename?: 'TemplateVariant';
  header: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  name: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  ImportJob: ImportJob;
  PartnerView: PartnerView;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  ImportJob:
    ( { __typename: 'ImportJob' }
    & GraphQLRecursivePick<FederationTypes['ImportJob'], {"id":true}> );
  PartnerView:
    ( { __typename: 'PartnerView' }
    & GraphQLRecursivePick<FederationTypes['PartnerView'], {"keyId":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AskedCellValue: ResolverTypeWrapper<AskedCellValue>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  CellMappingInput: CellMappingInput;
  CellOptions: ResolverTypeWrapper<CellOptions>;
  CellTarget: ResolverTypeWrapper<CellTarget>;
  ColumnMapping: ResolverTypeWrapper<ColumnMapping>;
  ColumnMappingInput: ColumnMappingInput;
  DuplicateColumns: ResolverTypeWrapper<DuplicateColumns>;
  Event: ResolverTypeWrapper<Event>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  EventParticipantImportInput: EventParticipantImportInput;
  FieldChange: ResolverTypeWrapper<FieldChange>;
  FieldValue: ResolverTypeWrapper<FieldValue>;
  FingerprintDecision: FingerprintDecision;
  FingerprintWarning: ResolverTypeWrapper<FingerprintWarning>;
  ImportCells: ResolverTypeWrapper<ImportCells>;
  ImportColumns: ResolverTypeWrapper<ImportColumns>;
  ImportCounts: ResolverTypeWrapper<ImportCounts>;
  ImportField: ResolverTypeWrapper<ImportField>;
  ImportJob: ResolverTypeWrapper<JobView>;
  ImportJobFilter: ImportJobFilter;
  ImportJobState: ImportJobState;
  ImportRowResult: ResolverTypeWrapper<ImportRowResult>;
  ImportRowResultPage: ResolverTypeWrapper<ImportRowResultPage>;
  ImportType: ImportType;
  ImportUndo: ResolverTypeWrapper<ImportUndoParent>;
  ImportUndoCount: ResolverTypeWrapper<ImportUndoCount>;
  ImportUndoRefusal: ResolverTypeWrapper<ImportUndoRefusal>;
  ImportUndoRefusalPage: ResolverTypeWrapper<ImportUndoRefusalPage>;
  ImportVerification: ResolverTypeWrapper<ImportVerification>;
  MembershipImportInput: MembershipImportInput;
  MergeCandidateRef: ResolverTypeWrapper<MergeCandidateRef>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  ParticipantIdMode: ParticipantIdMode;
  PartnerImportJob: ResolverTypeWrapper<JobView>;
  PartnerImportJobConnection: ResolverTypeWrapper<Omit<PartnerImportJobConnection, 'edges'> & { edges: Array<ResolversTypes['PartnerImportJobEdge']> }>;
  PartnerImportJobEdge: ResolverTypeWrapper<Omit<PartnerImportJobEdge, 'node'> & { node: ResolversTypes['PartnerImportJob'] }>;
  PartnerView: ResolverTypeWrapper<Omit<PartnerView, 'importJob' | 'importJobs'> & { importJob?: Maybe<ResolversTypes['PartnerImportJob']>, importJobs?: Maybe<ResolversTypes['PartnerImportJobConnection']> }>;
  Person: ResolverTypeWrapper<Person>;
  PointsCalculator: PointsCalculator;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ResultSetImportInput: ResultSetImportInput;
  ResultSetImportSummary: ResolverTypeWrapper<ResultSetImportSummary>;
  RowFailureMetadata: ResolverTypeWrapper<RowFailureMetadata>;
  SampleComparison: ResolverTypeWrapper<SampleComparison>;
  ServiceHealth: ResolverTypeWrapper<ServiceHealth>;
  SourceSystem: ResolverTypeWrapper<SourceSystemRecord>;
  TemplateVariant: ResolverTypeWrapper<TemplateVariant>;
  Upload: ResolverTypeWrapper<Scalars['Upload']['output']>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AskedCellValue: AskedCellValue;
  Boolean: Scalars['Boolean']['output'];
  Int: Scalars['Int']['output'];
  String: Scalars['String']['output'];
  CellMappingInput: CellMappingInput;
  CellOptions: CellOptions;
  CellTarget: CellTarget;
  ColumnMapping: ColumnMapping;
  ColumnMappingInput: ColumnMappingInput;
  DuplicateColumns: DuplicateColumns;
  Event: Event;
  ID: Scalars['ID']['output'];
  EventParticipantImportInput: EventParticipantImportInput;
  FieldChange: FieldChange;
  FieldValue: FieldValue;
  FingerprintWarning: FingerprintWarning;
  ImportCells: ImportCells;
  ImportColumns: ImportColumns;
  ImportCounts: ImportCounts;
  ImportField: ImportField;
  ImportJob: JobView;
  ImportJobFilter: ImportJobFilter;
  ImportRowResult: ImportRowResult;
  ImportRowResultPage: ImportRowResultPage;
  ImportUndo: ImportUndoParent;
  ImportUndoCount: ImportUndoCount;
  ImportUndoRefusal: ImportUndoRefusal;
  ImportUndoRefusalPage: ImportUndoRefusalPage;
  ImportVerification: ImportVerification;
  MembershipImportInput: MembershipImportInput;
  MergeCandidateRef: MergeCandidateRef;
  Mutation: Record<PropertyKey, never>;
  PageInfo: PageInfo;
  PartnerImportJob: JobView;
  PartnerImportJobConnection: Omit<PartnerImportJobConnection, 'edges'> & { edges: Array<ResolversParentTypes['PartnerImportJobEdge']> };
  PartnerImportJobEdge: Omit<PartnerImportJobEdge, 'node'> & { node: ResolversParentTypes['PartnerImportJob'] };
  PartnerView: Omit<PartnerView, 'importJob' | 'importJobs'> & { importJob?: Maybe<ResolversParentTypes['PartnerImportJob']>, importJobs?: Maybe<ResolversParentTypes['PartnerImportJobConnection']> } | FederationReferenceTypes['PartnerView'];
  Person: Person;
  Query: Record<PropertyKey, never>;
  ResultSetImportInput: ResultSetImportInput;
  ResultSetImportSummary: ResultSetImportSummary;
  RowFailureMetadata: RowFailureMetadata;
  SampleComparison: SampleComparison;
  ServiceHealth: ServiceHealth;
  SourceSystem: SourceSystemRecord;
  TemplateVariant: TemplateVariant;
  Upload: Scalars['Upload']['output'];
};

export type AskedCellValueResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['AskedCellValue'] = ResolversParentTypes['AskedCellValue']> = {
  answered?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  chosenTargetId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  fkType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  matches?: Resolver<Array<ResolversTypes['CellTarget']>, ParentType, ContextType>;
  rows?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CellOptionsResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['CellOptions'] = ResolversParentTypes['CellOptions']> = {
  fkType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targets?: Resolver<Array<ResolversTypes['CellTarget']>, ParentType, ContextType>;
};

export type CellTargetResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['CellTarget'] = ResolversParentTypes['CellTarget']> = {
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ColumnMappingResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ColumnMapping'] = ResolversParentTypes['ColumnMapping']> = {
  column?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  header?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  matchedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DuplicateColumnsResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['DuplicateColumns'] = ResolversParentTypes['DuplicateColumns']> = {
  columns?: Resolver<Array<ResolversTypes['Int']>, ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type EventResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type FieldChangeResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['FieldChange'] = ResolversParentTypes['FieldChange']> = {
  applied?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  current?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  file?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type FieldValueResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['FieldValue'] = ResolversParentTypes['FieldValue']> = {
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FingerprintWarningResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['FingerprintWarning'] = ResolversParentTypes['FingerprintWarning']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ImportCellsResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportCells'] = ResolversParentTypes['ImportCells']> = {
  asked?: Resolver<Array<ResolversTypes['AskedCellValue']>, ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['CellOptions']>, ParentType, ContextType>;
};

export type ImportColumnsResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportColumns'] = ResolversParentTypes['ImportColumns']> = {
  duplicates?: Resolver<Array<ResolversTypes['DuplicateColumns']>, ParentType, ContextType>;
  fields?: Resolver<Array<ResolversTypes['ImportField']>, ParentType, ContextType>;
  header?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  mappings?: Resolver<Array<ResolversTypes['ColumnMapping']>, ParentType, ContextType>;
  missingRequired?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  templateVariantKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ImportCountsResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportCounts'] = ResolversParentTypes['ImportCounts']> = {
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  matchedByKey?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  matchedExactly?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  matchedFuzzily?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  mergeCandidates?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  personsCreated?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  personsUpdated?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rows?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unchanged?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ImportFieldResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportField'] = ResolversParentTypes['ImportField']> = {
  aliases?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  externalOnly?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  foreignKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  selfOnly?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ImportJobResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportJob'] = ResolversParentTypes['ImportJob'], FederationReferenceType extends FederationReferenceTypes['ImportJob'] = FederationReferenceTypes['ImportJob']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['ImportJob']> | FederationReferenceType, FederationReferenceType, ContextType>;
  alreadyImportedJobId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  callerKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cells?: Resolver<Maybe<ResolversTypes['ImportCells']>, ParentType, ContextType>;
  columns?: Resolver<Maybe<ResolversTypes['ImportColumns']>, ParentType, ContextType>;
  correctedBy?: Resolver<Array<ResolversTypes['ImportJob']>, ParentType, ContextType>;
  correctsJob?: Resolver<Maybe<ResolversTypes['ImportJob']>, ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['ImportCounts'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayState?: Resolver<ResolversTypes['ImportJobState'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType>;
  failedRowCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failedRowsUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileSha256?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  ignoredColumns?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  importType?: Resolver<ResolversTypes['ImportType'], ParentType, ContextType>;
  importTypeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mergeCandidatesCreated?: Resolver<Array<ResolversTypes['MergeCandidateRef']>, ParentType, ContextType>;
  resultSet?: Resolver<Maybe<ResolversTypes['ResultSetImportSummary']>, ParentType, ContextType>;
  results?: Resolver<ResolversTypes['ImportRowResultPage'], ParentType, ContextType, RequireFields<ImportJobResultsArgs, 'after' | 'failedOnly' | 'first'>>;
  rowsProcessed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsTotal?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  sourceSystemId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['ImportJobState'], ParentType, ContextType>;
  terminal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  undo?: Resolver<Maybe<ResolversTypes['ImportUndo']>, ParentType, ContextType>;
  undoable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  verification?: Resolver<Maybe<ResolversTypes['ImportVerification']>, ParentType, ContextType>;
};

export type ImportRowResultResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportRowResult'] = ResolversParentTypes['ImportRowResult']> = {
  failure?: Resolver<Maybe<ResolversTypes['RowFailureMetadata']>, ParentType, ContextType>;
  matchKind?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  rowNo?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  targetId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ImportRowResultPageResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportRowResultPage'] = ResolversParentTypes['ImportRowResultPage']> = {
  nextAfter?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['ImportRowResult']>, ParentType, ContextType>;
};

export type ImportUndoResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportUndo'] = ResolversParentTypes['ImportUndo']> = {
  counts?: Resolver<Array<ResolversTypes['ImportUndoCount']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  refused?: Resolver<ResolversTypes['ImportUndoRefusalPage'], ParentType, ContextType, RequireFields<ImportUndoRefusedArgs, 'after' | 'first'>>;
  refusedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  requestedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requestedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ImportUndoCountResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportUndoCount'] = ResolversParentTypes['ImportUndoCount']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  record?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ImportUndoRefusalResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportUndoRefusal'] = ResolversParentTypes['ImportUndoRefusal']> = {
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  record?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recordId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referencedBy?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  rowNo?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ImportUndoRefusalPageResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportUndoRefusalPage'] = ResolversParentTypes['ImportUndoRefusalPage']> = {
  nextAfter?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  refused?: Resolver<Array<ResolversTypes['ImportUndoRefusal']>, ParentType, ContextType>;
};

export type ImportVerificationResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ImportVerification'] = ResolversParentTypes['ImportVerification']> = {
  acknowledged?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  performed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sample?: Resolver<Array<ResolversTypes['SampleComparison']>, ParentType, ContextType>;
  skippedBecause?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  warning?: Resolver<Maybe<ResolversTypes['FingerprintWarning']>, ParentType, ContextType>;
};

export type MergeCandidateRefResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['MergeCandidateRef'] = ResolversParentTypes['MergeCandidateRef']> = {
  candidate?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  rowNo?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  cancelImport?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationCancelImportArgs, 'jobId'>>;
  createImportSourceSystem?: Resolver<ResolversTypes['SourceSystem'], ParentType, ContextType, RequireFields<MutationCreateImportSourceSystemArgs, 'name'>>;
  resumeFromFingerprint?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationResumeFromFingerprintArgs, 'decision' | 'jobId'>>;
  submitCellMappings?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationSubmitCellMappingsArgs, 'jobId' | 'mappings'>>;
  submitColumnMappings?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationSubmitColumnMappingsArgs, 'jobId' | 'mappings'>>;
  undoImport?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationUndoImportArgs, 'jobId'>>;
  uploadEventParticipants?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationUploadEventParticipantsArgs, 'file' | 'input'>>;
  uploadImportCorrections?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationUploadImportCorrectionsArgs, 'file' | 'jobId'>>;
  uploadMemberships?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationUploadMembershipsArgs, 'file' | 'input'>>;
  uploadResultSet?: Resolver<ResolversTypes['ImportJob'], ParentType, ContextType, RequireFields<MutationUploadResultSetArgs, 'file' | 'input'>>;
};

export type PageInfoResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerImportJobResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['PartnerImportJob'] = ResolversParentTypes['PartnerImportJob']> = {
  counts?: Resolver<ResolversTypes['ImportCounts'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayState?: Resolver<ResolversTypes['ImportJobState'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  ignoredColumns?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  importType?: Resolver<ResolversTypes['ImportType'], ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  rowsProcessed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsTotal?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  sourceSystemId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['ImportJobState'], ParentType, ContextType>;
  terminal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerImportJobConnectionResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['PartnerImportJobConnection'] = ResolversParentTypes['PartnerImportJobConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerImportJobEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerImportJobEdgeResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['PartnerImportJobEdge'] = ResolversParentTypes['PartnerImportJobEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerImportJob'], ParentType, ContextType>;
};

export type PartnerViewResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['PartnerView'] = ResolversParentTypes['PartnerView'], FederationReferenceType extends FederationReferenceTypes['PartnerView'] = FederationReferenceTypes['PartnerView']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['PartnerView']> | FederationReferenceType, FederationReferenceType, ContextType>;
  importJob?: Resolver<Maybe<ResolversTypes['PartnerImportJob']>, ParentType, ContextType, RequireFields<PartnerViewImportJobArgs, 'id'>>;
  importJobs?: Resolver<Maybe<ResolversTypes['PartnerImportJobConnection']>, ParentType, ContextType, Partial<PartnerViewImportJobsArgs>>;
  importRowResults?: Resolver<Maybe<ResolversTypes['ImportRowResultPage']>, ParentType, ContextType, RequireFields<PartnerViewImportRowResultsArgs, 'jobId'>>;
  keyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type PersonResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['Person'] = ResolversParentTypes['Person']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  importFields?: Resolver<Array<ResolversTypes['ImportField']>, ParentType, ContextType, RequireFields<QueryImportFieldsArgs, 'importType'>>;
  importJob?: Resolver<Maybe<ResolversTypes['ImportJob']>, ParentType, ContextType, RequireFields<QueryImportJobArgs, 'id'>>;
  importSourceSystems?: Resolver<Array<ResolversTypes['SourceSystem']>, ParentType, ContextType>;
  importsHealth?: Resolver<ResolversTypes['ServiceHealth'], ParentType, ContextType>;
  recentImports?: Resolver<Array<ResolversTypes['ImportJob']>, ParentType, ContextType, RequireFields<QueryRecentImportsArgs, 'importType' | 'limit'>>;
};

export type ResultSetImportSummaryResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ResultSetImportSummary'] = ResolversParentTypes['ResultSetImportSummary']> = {
  applyNumberChanges?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  dnf?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dns?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dsq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  finished?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  numberChangesApplied?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  numberChangesRefused?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  participantIdMode?: Resolver<ResolversTypes['ParticipantIdMode'], ParentType, ContextType>;
  pointsCalculator?: Resolver<ResolversTypes['PointsCalculator'], ParentType, ContextType>;
  previousResults?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  replaced?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  results?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  scored?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type RowFailureMetadataResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['RowFailureMetadata'] = ResolversParentTypes['RowFailureMetadata']> = {
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fkType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fkValue?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rawFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rawLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SampleComparisonResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['SampleComparison'] = ResolversParentTypes['SampleComparison']> = {
  changes?: Resolver<Array<ResolversTypes['FieldChange']>, ParentType, ContextType>;
  file?: Resolver<Array<ResolversTypes['FieldValue']>, ParentType, ContextType>;
  matchKind?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  rowNo?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ServiceHealthResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['ServiceHealth'] = ResolversParentTypes['ServiceHealth']> = {
  service?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SourceSystemResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['SourceSystem'] = ResolversParentTypes['SourceSystem']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isSelf?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organisationId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  templateVariants?: Resolver<Array<ResolversTypes['TemplateVariant']>, ParentType, ContextType, Partial<SourceSystemTemplateVariantsArgs>>;
};

export type TemplateVariantResolvers<ContextType = ImportsContext, ParentType extends ResolversParentTypes['TemplateVariant'] = ResolversParentTypes['TemplateVariant']> = {
  header?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface UploadScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Upload'], any> {
  name: 'Upload';
}

export type Resolvers<ContextType = ImportsContext> = {
  AskedCellValue?: AskedCellValueResolvers<ContextType>;
  CellOptions?: CellOptionsResolvers<ContextType>;
  CellTarget?: CellTargetResolvers<ContextType>;
  ColumnMapping?: ColumnMappingResolvers<ContextType>;
  DuplicateColumns?: DuplicateColumnsResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  FieldChange?: FieldChangeResolvers<ContextType>;
  FieldValue?: FieldValueResolvers<ContextType>;
  FingerprintWarning?: FingerprintWarningResolvers<ContextType>;
  ImportCells?: ImportCellsResolvers<ContextType>;
  ImportColumns?: ImportColumnsResolvers<ContextType>;
  ImportCounts?: ImportCountsResolvers<ContextType>;
  ImportField?: ImportFieldResolvers<ContextType>;
  ImportJob?: ImportJobResolvers<ContextType>;
  ImportRowResult?: ImportRowResultResolvers<ContextType>;
  ImportRowResultPage?: ImportRowResultPageResolvers<ContextType>;
  ImportUndo?: ImportUndoResolvers<ContextType>;
  ImportUndoCount?: ImportUndoCountResolvers<ContextType>;
  ImportUndoRefusal?: ImportUndoRefusalResolvers<ContextType>;
  ImportUndoRefusalPage?: ImportUndoRefusalPageResolvers<ContextType>;
  ImportVerification?: ImportVerificationResolvers<ContextType>;
  MergeCandidateRef?: MergeCandidateRefResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PartnerImportJob?: PartnerImportJobResolvers<ContextType>;
  PartnerImportJobConnection?: PartnerImportJobConnectionResolvers<ContextType>;
  PartnerImportJobEdge?: PartnerImportJobEdgeResolvers<ContextType>;
  PartnerView?: PartnerViewResolvers<ContextType>;
  Person?: PersonResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ResultSetImportSummary?: ResultSetImportSummaryResolvers<ContextType>;
  RowFailureMetadata?: RowFailureMetadataResolvers<ContextType>;
  SampleComparison?: SampleComparisonResolvers<ContextType>;
  ServiceHealth?: ServiceHealthResolvers<ContextType>;
  SourceSystem?: SourceSystemResolvers<ContextType>;
  TemplateVariant?: TemplateVariantResolvers<ContextType>;
  Upload?: GraphQLScalarType;
};

