/**
 * Person status in the overview step (FormPersonDTO.status) and whether the person can be selected
 * (FormPersonDTO.canSelect), exactly as the contract's table "Person status in the overview".
 */
export const PERSON_STATUSES = ['Available', 'Registered', 'Pending Payment'] as const;

export type PersonStatus = (typeof PERSON_STATUSES)[number];

export const PERSON_STATUS_MEANINGS: Readonly<Record<PersonStatus, string>> = {
  Available: 'Can be added to a membership.',
  Registered: 'Already holds an active membership.',
  'Pending Payment': 'Registration awaits payment.',
};

const SELECTABLE: Readonly<Record<PersonStatus, boolean>> = {
  Available: true,
  Registered: false,
  'Pending Payment': false,
};

export function canSelect(status: PersonStatus): boolean {
  return SELECTABLE[status];
}

export function isPersonStatus(value: unknown): value is PersonStatus {
  return typeof value === 'string' && (PERSON_STATUSES as readonly string[]).includes(value);
}
