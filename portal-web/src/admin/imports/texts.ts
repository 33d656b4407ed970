/**
 * Every text of the import pages, in one place (as the member portal's lib/texts.ts): a
 * translation is one new module of this shape. Numbers and dates use LOCALE from here.
 */
export const LOCALE = 'en-GB';

const number = new Intl.NumberFormat(LOCALE);
export const formatCount = (n: number): string => number.format(n);

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
export const formatInstant = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

const rows = (n: number) => (n === 1 ? '1 row' : `${formatCount(n)} rows`);

export const importTexts = {
  nav: { label: 'Admin portal', imports: 'Imports', console: 'Console' },
  index: {
    title: 'Imports',
    intro:
      'Choose what to import. Each import reads a CSV or XLSX file, lets you check how its columns and values are read, and then imports it.',
  },
  flows: {
    'event-participants': {
      title: 'Import event participants',
      short: 'Event participants',
      intro: 'A participant list for an event, from a timing company, a registration platform or this system’s own export.',
    },
    'result-sets': {
      title: 'Import results',
      short: 'Results',
      intro: 'A timing company’s result file for an event. The whole file is imported, or nothing.',
    },
    memberships: {
      title: 'Import members',
      short: 'Members',
      intro: 'A member list: persons, households, accounts and their memberships for a period.',
    },
  },
  loading: 'Loading…',
  notFound: { title: 'Import not found', body: 'This import does not exist, or it belongs to an organisation you do not run.' },
  pageNotFound: 'This page does not exist.',
  backToImports: 'All imports',
  failedToLoad: 'The import could not be loaded. It will be tried again in a moment.',
  notice: { error: 'Error', info: 'Information' },

  upload: {
    sourceSystem: 'Source system',
    sourceSystemHint: 'Where the file comes from. It decides which keys are trusted and which columns are read.',
    chooseSourceSystem: 'No source system',
    newSource: {
      open: 'New source system…',
      legend: 'New source system',
      name: 'Name',
      nameHint: 'The system the files come from, e.g. the club’s old membership system or a timing company. Up to 100 characters.',
      organisation: 'For the organisation',
      chooseOrganisation: 'Choose an organisation',
      organisationHint: 'Only its operators see the source system and import from it.',
      submit: 'Add source system',
      adding: 'Adding…',
      cancel: 'Cancel',
      added: (name: string) => `“${name}” was added and is chosen as the source system.`,
      failed: 'The source system could not be added. Try again in a moment.',
      // Our words for the refusals a form can show at its field; any other refusal shows the server's.
      problems: {
        SOURCE_SYSTEM_NAME_REQUIRED: 'Enter a name.',
        SOURCE_SYSTEM_NAME_TOO_LONG: 'The name is longer than 100 characters.',
        SOURCE_SYSTEM_NAME_RESERVED: 'This is the name of this system’s own export, which exists already.',
        INVALID_CHARACTERS: 'The name contains control characters.',
        SOURCE_SYSTEM_EXISTS:
          'A source system of this name exists already (a name is used once in the registration system, whatever its case). If it is in the list, choose it there; otherwise give another name.',
        ORGANISATION_REQUIRED: 'Choose the organisation the source system is for.',
        ORGANISATION_NOT_FOUND: 'You do not run this organisation.',
      } as Record<string, string>,
    },
    trustPKs: 'Trust the keys in the file (person ids or the source system’s ids)',
    updatePII: 'Update personal data of persons found (names, date of birth, e-mail)',
    variant: {
      legend: 'Column layout',
      none: 'No saved column layout for this source yet: you match the columns after the upload, and the choice is remembered.',
      one: (name: string) => `Saved column layout: ${name}`,
      several: 'Saved column layout',
      noneChosen: 'None: match the columns by their names',
      recognised: 'Recognised from the file’s header row.',
    },
    event: 'Event',
    chooseEvent: 'Choose an event',
    noEvents: 'Your organisations have no events yet.',
    file: 'File (CSV or XLSX)',
    fileHint: 'The first row names the columns.',
    sheet: 'Sheet',
    encoding: 'Encoding',
    delimiter: 'Delimiter',
    detected: (value: string) => `${value} (detected)`,
    delimiters: { comma: 'Comma ,', semicolon: 'Semicolon ;', tab: 'Tab', pipe: 'Pipe |' } as Record<string, string>,
    previewTitle: 'The first rows, as they will be read',
    previewCaption: (count: number, kind: string) => `First ${rows(count)} of the file (${kind.toUpperCase()})`,
    previewing: 'Reading the file…',
    previewFailed: 'The file cannot be read:',
    rowNo: 'Row',
    submit: 'Upload and start',
    uploading: (percent: number | null) => (percent === null ? 'Uploading…' : `Uploading… ${percent} %`),
    chooseFile: 'Choose a file to import.',
    uploadFailed: 'The upload was refused:',
    custom: (n: number) => `Keep a column as custom field ${n}`,
    customNone: 'No column',
    customHint: 'Columns the import does not know can be kept on the participant as one of three custom fields.',
    idMode: 'How a result finds its participant',
    idModes: {
      BIB: 'By bib (start number)',
      PARTICIPANT_ID: 'By participant id (this system’s export)',
      EXTERNAL_ID: 'By the source system’s id (External ID)',
    } as Record<string, string>,
    applyNumberChanges: 'Apply bib changes from the file (not when results are found by bib)',
    pointsCalculator: 'Points',
    pointsCalculators: {
      NONE: 'No points',
      RANK_TABLE: 'Rank table (100, 80, 60, …)',
      WINNER_PERCENT: 'Winner’s time in per cent',
    } as Record<string, string>,
    resultSetName: 'Name of the result set',
    resultSetNameHint: 'A set of the same name is replaced. Empty: the file’s name.',
    organisation: 'Organisation',
    period: 'Membership period',
    periodFromFile: 'Each row names its period',
    periodHint: 'The period of rows that name none.',
  },

  recent: {
    title: 'Recent imports',
    empty: 'No imports of this kind yet.',
    file: 'File',
    target: 'Imported into',
    when: 'Started',
    state: 'State',
    rows: 'Rows',
  },

  states: {
    QUEUED: 'Waiting for a worker',
    PARSING: 'Reading the file',
    COLUMNS_NEEDED: 'Columns need you',
    MATCHING_CELLS: 'Matching values',
    CELLS_NEEDED: 'Values need you',
    VERIFYING: 'Checking a sample',
    FINGERPRINT_WARNING: 'Warning: check the file',
    PROCESSING: 'Importing',
    COMPLETED: 'Completed',
    FAILED: 'Failed',
    CANCELLED: 'Cancelled',
    FINGERPRINT_ABORT: 'Failed',
    UNDOING: 'Being undone',
    UNDONE: 'Undone',
  } as Record<string, string>,

  host: {
    title: (fileName: string | null) => (fileName ? `Import of ${fileName}` : 'Import'),
    steps: ['Read the file', 'Columns', 'Values', 'Check', 'Import'],
    stepsLabel: 'Stages of the import',
    current: 'current stage',
    done: 'done',
    waiting: {
      QUEUED: 'The import is waiting for a worker to start it.',
      PARSING: 'The file is being read.',
      MATCHING_CELLS: 'The values of the file are being matched to records.',
      VERIFYING: 'A sample of rows is being compared with the persons it matches.',
      UNDOING: 'The import is being undone.',
    } as Record<string, string>,
    refreshes: 'This page updates by itself.',
    cancel: 'Cancel the import',
    cancelTitle: 'Cancel this import?',
    cancelBody: 'Rows imported so far stay imported; nothing more is written. This cannot be resumed.',
    cancelConfirm: 'Yes, cancel the import',
    cancelKeep: 'No, go on',
    actionFailed: 'That did not work:',
  },

  columns: {
    title: 'Match the columns',
    intro: 'Choose for each column of the file what it imports into. Columns you ignore are listed on the summary.',
    column: 'Column in the file',
    field: 'Imports into',
    why: 'Matched by',
    ignore: 'Ignore this column',
    matchedBy: {
      TEMPLATE: 'the saved column layout',
      NAME: 'its name',
      ALIAS: 'a known alternative name',
      OPERATOR: 'your choice',
      CUSTOM: 'custom field',
      NONE: 'not recognised',
    } as Record<string, string>,
    changed: 'changed by you',
    required: 'required',
    missing: (labels: string[]) => `Required fields without a column: ${labels.join(', ')}.`,
    duplicate: (label: string) => `${label} is fed by more than one column.`,
    complete: 'Every required field has a column.',
    submit: 'Use these columns',
    fixFirst: 'Please fix the problems listed above first.',
  },

  cells: {
    title: 'Match the values',
    intro: 'These values of the file match no record, or several. Choose once per value; every row with the value gets your choice.',
    value: 'Value in the file',
    rows: 'Rows',
    choice: 'Means',
    choose: 'Choose…',
    likely: 'Matching records',
    all: 'All',
    none: 'None of these: the rows fail',
    submit: 'Use these values',
    unanswered: (n: number) => (n === 1 ? 'Please choose a meaning for 1 value.' : `Please choose a meaning for ${n} values.`),
    fkTypes: { category: 'Category', membershipType: 'Membership type', period: 'Membership period' } as Record<string, string>,
  },

  verifying: {
    title: 'Check the file before it is imported',
    intro: 'A sample of rows, side by side with the persons they match. Highlighted fields would change.',
    warningTitle: 'This file may be the wrong file, or from another source system',
    acknowledge: 'Import it anyway',
    abort: 'Stop: do not import',
    abortTitle: 'Stop this import?',
    abortBody: 'Nothing of this file is imported. The import is shown as failed.',
    abortConfirm: 'Yes, stop the import',
    abortKeep: 'No, go back',
    row: 'Row',
    inFile: 'In the file',
    person: 'Matched person',
    changes: 'Changes',
    noPerson: 'No one: a new person',
    noChanges: 'No changes',
    notApplied: 'not updated',
    current: 'now',
    matchKinds: { TRUSTED_KEY: 'by key', EXACT: 'by name and birth date', FUZZY: 'by a similar name', NONE: 'new' } as Record<
      string,
      string
    >,
  },

  processing: {
    title: 'Importing',
    progressLabel: 'Rows imported',
    rowsDone: (done: number, total: number | null) =>
      total === null ? `${formatCount(done)} rows done` : `${formatCount(done)} of ${formatCount(total)} rows`,
    rate: (perSecond: number) => `${formatCount(Math.round(perSecond))} rows per second`,
    timeLeft: (seconds: number) =>
      seconds < 60 ? `about ${Math.max(1, Math.round(seconds))} s left` : `about ${Math.round(seconds / 60)} min left`,
    measuring: 'Measuring the speed…',
  },

  summary: {
    headers: {
      COMPLETED: 'Import completed',
      FAILED: 'Import failed',
      CANCELLED: 'Import cancelled',
      UNDONE: 'Import undone',
    } as Record<string, string>,
    of: (fileName: string | null) => (fileName ? `File ${fileName}` : ''),
    into: (target: string) => `into ${target}`,
    finishedAt: (when: string) => `Ended ${when}`,
    counts: 'Counts',
    countLabels: {
      rows: 'Rows in the file',
      created: 'Created',
      updated: 'Updated',
      unchanged: 'Unchanged',
      failed: 'Failed',
      personsCreated: 'New persons',
      personsUpdated: 'Persons updated',
      matchedByKey: 'Found by key',
      matchedExactly: 'Found by name and birth date',
      matchedFuzzily: 'Found by a similar name',
      mergeCandidates: 'Possible duplicates',
    } as Record<string, string>,
    rowsTitle: 'Rows',
    filter: 'Show',
    filters: { ALL: 'All rows', FAILED: 'Failed', CREATED: 'Created', UPDATED: 'Updated', UNCHANGED: 'Unchanged' } as Record<
      string,
      string
    >,
    row: 'Row',
    outcome: 'Outcome',
    person: 'Person',
    detail: 'Detail',
    outcomes: { CREATED: 'Created', UPDATED: 'Updated', UNCHANGED: 'Unchanged', FAILED: 'Failed' } as Record<string, string>,
    noRows: 'No rows to show.',
    page: (first: number, last: number) => `Rows ${formatCount(first)} to ${formatCount(last)}`,
    previous: 'Previous page',
    next: 'Next page',
    failure: {
      UNRESOLVED_PERSON: (first: string, last: string) => `Person not found: ${[first, last].filter(Boolean).join(' ') || '(no name)'}`,
      FK_MISMATCH: (type: string, value: string) => `${type} “${value}” matches no record`,
      FAILED: 'Failed',
      GENERIC: 'Problem',
    },
    categories: { UNRESOLVED_PERSON: 'Person not found', FK_MISMATCH: 'Unknown value', FAILED: 'Failed', GENERIC: 'Problem' } as Record<
      string,
      string
    >,
    mergeTitle: 'Possible duplicates to review',
    mergeIntro: (n: number) =>
      n === 1
        ? 'The import created 1 person who may be someone already known.'
        : `The import created ${formatCount(n)} persons who may be someone already known.`,
    mergePair: (row: number) => `Row ${row}`,
    mergeMayBe: 'may be',
    /** A side the operator may not see: another organisation's person (docs/decisions.md, "Organisation boundary in imports"). */
    mergeHiddenPerson: 'a person of another organisation (an operator of both decides)',
    mergeReview: 'Review the possible duplicates',
    ignoredTitle: 'Columns not imported',
    ignoredIntro: 'These columns of the file fed nothing:',
    failedRows: 'Download the failed rows (CSV)',
    failedRowsHint: 'Correct them in a spreadsheet and upload the file here: only those rows are imported again.',
    corrections: 'Corrected file',
    correctionsSubmit: 'Import the corrected rows',
    correctsJob: 'This import corrects an earlier one:',
    correctedBy: 'Corrected by a later import:',
    earlierImport: 'the earlier import',
    laterImport: 'the later import',
    error: 'Why:',
    undoTitle: 'Undo this import',
    undoBody: (created: number, updated: number) =>
      `Undo removes what this import created (${rows(created)} created, with the persons only it made) and puts back what it changed (${rows(updated)} updated). Records changed since are left as they are and listed here.`,
    undo: 'Undo the import',
    undoConfirmTitle: 'Undo this import?',
    undoConfirm: 'Yes, undo the import',
    undoKeep: 'No, keep it',
    undoneTitle: 'The undo',
    undoneBy: (who: string, when: string) => `Asked for by ${who}, ${when}.`,
    undoFailed: 'The undo failed and nothing was undone:',
    undoCounts: 'What the undo did',
    undoRecord: 'Record',
    undoOutcome: 'Outcome',
    undoCount: 'Count',
    undoLeft: (n: number) => (n === 1 ? '1 record was left as it is:' : `${formatCount(n)} records were left as they are:`),
    resultSet: {
      title: 'Result set',
      name: 'Name',
      results: 'Results written',
      finished: 'Finished',
      dnf: 'Did not finish',
      dns: 'Did not start',
      dsq: 'Disqualified',
      scored: 'With points',
      replaced: (previous: number) => `Replaced a set of the same name (${formatCount(previous)} results).`,
      numberChanges: (applied: number, refused: number) => `Bib changes: ${formatCount(applied)} applied, ${formatCount(refused)} refused.`,
    },
    period: 'Period',
  },
};

export type ImportTexts = typeof importTexts;

/** A foreign key's kind as the operator reads it (category, membership type, period). */
export const fkTypeLabel = (fkType: string): string => importTexts.cells.fkTypes[fkType] ?? fkType;
