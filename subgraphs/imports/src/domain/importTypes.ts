/**
 * ImportType: the enumeration of import flows. Each value has a one-character code (the contract's
 * converter in the event database), an importer key (the short stable string naming the flow;
 * its resources are `PUT /api/<importerKey>/<uploadName>` and `GET /api/<importerKey>/import/{jobId}`)
 * and a caller key (routes the common host back to the flow's summary screen).
 */
export const IMPORT_TYPES = {
  EVENT_PARTICIPANT: { code: 'P', importerKey: 'event-participants', uploadName: 'import', callerKey: 'event-participants' },
  RESULT_SET: { code: 'R', importerKey: 'result-sets', uploadName: 'import-bulk', callerKey: 'result-sets' },
  MEMBERSHIP: { code: 'M', importerKey: 'memberships', uploadName: 'import', callerKey: 'memberships' },
} as const;

export type ImportType = keyof typeof IMPORT_TYPES;

export function isImportType(value: string): value is ImportType {
  return Object.prototype.hasOwnProperty.call(IMPORT_TYPES, value);
}
