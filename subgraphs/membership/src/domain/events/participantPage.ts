import { InputError } from '@ems/schema';
import type { ParticipantRow } from '../../data/participants';

/** `Event.participants`: Relay-style pages in participant id order, cursors opaque. */
export const PARTICIPANTS_MAX_FIRST = 100;

export interface ParticipantEdgeView {
  cursor: string;
  node: ParticipantRow;
}

export interface ParticipantPage {
  eventId: number;
  edges: ParticipantEdgeView[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

export function participantCursor(participantId: number): string {
  return Buffer.from(`participant:${participantId}`).toString('base64url');
}

/** The participant id after which the page starts (0: from the beginning). */
export function afterParticipantId(after: string | null | undefined): number {
  if (after == null) return 0;
  const match = /^participant:([1-9][0-9]{0,9})$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!match) throw new InputError('Invalid cursor', { code: 'INVALID_CURSOR' });
  return Number(match[1]);
}

export function pageSize(first: number | null | undefined): number {
  const size = first ?? 50;
  if (!Number.isInteger(size) || size < 0 || size > PARTICIPANTS_MAX_FIRST) {
    throw new InputError(`first must be between 0 and ${PARTICIPANTS_MAX_FIRST}`, { code: 'INVALID_PAGE_SIZE' });
  }
  return size;
}

/** `rows` were read with one more than `size`, so a further page shows without counting. */
export function participantPage(eventId: number, rows: readonly ParticipantRow[], size: number, afterId: number): ParticipantPage {
  const edges = rows.slice(0, size).map((node) => ({ cursor: participantCursor(node.id), node }));
  return {
    eventId,
    edges,
    pageInfo: {
      hasNextPage: rows.length > size,
      hasPreviousPage: afterId > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
