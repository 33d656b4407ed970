/**
 * The three import flows as the admin portal knows them (contract "Import bookend contract"):
 * the caller key that brings the common host back to the flow's summary (item 6), the ImportType
 * its recent-imports list is filtered by (item 7), and its upload resource. Screens per flow are
 * registered in ../flowScreens.tsx; nothing else in the import pages names a flow.
 */
export type CallerKey = 'event-participants' | 'result-sets' | 'memberships';
export type ImportTypeName = 'EVENT_PARTICIPANT' | 'RESULT_SET' | 'MEMBERSHIP';

export interface ImportFlow {
  callerKey: CallerKey;
  importType: ImportTypeName;
  /** The flow's upload resource below the admin service (contract: `PUT /api/<entity>/import`). */
  uploadPath: string;
  /** The flow reads the file against a source system (its dropdown, gating and template variants). */
  hasSourceSystem: boolean;
}

export const IMPORT_FLOWS: Readonly<Record<CallerKey, ImportFlow>> = {
  'event-participants': {
    callerKey: 'event-participants',
    importType: 'EVENT_PARTICIPANT',
    uploadPath: '/event-participants/import',
    hasSourceSystem: true,
  },
  // E08: no source system, no gating, no verifying stage (contract).
  'result-sets': { callerKey: 'result-sets', importType: 'RESULT_SET', uploadPath: '/result-sets/import-bulk', hasSourceSystem: false },
  memberships: { callerKey: 'memberships', importType: 'MEMBERSHIP', uploadPath: '/memberships/import', hasSourceSystem: true },
};

export const FLOW_ORDER: readonly CallerKey[] = ['event-participants', 'result-sets', 'memberships'];

export function flowOf(callerKey: string): ImportFlow | null {
  return Object.prototype.hasOwnProperty.call(IMPORT_FLOWS, callerKey) ? IMPORT_FLOWS[callerKey as CallerKey] : null;
}
