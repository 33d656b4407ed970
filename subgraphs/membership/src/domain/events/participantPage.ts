import type { ParticipantRow } from '../../data/participants';
import { afterIdOf, cursorOf, pageOf, type Edge, type PageInfo } from './pages';

/** `Event.participants`: Relay-style pages in participant id order, cursors opaque. */
export type ParticipantEdgeView = Edge<ParticipantRow>;

export interface ParticipantPage {
  eventId: number;
  edges: ParticipantEdgeView[];
  pageInfo: PageInfo;
}

export function participantCursor(participantId: number): string {
  return cursorOf('participant', participantId);
}

/** The participant id after which the page starts (0: from the beginning). */
export function afterParticipantId(after: string | null | undefined): number {
  return afterIdOf('participant', after);
}

export function participantPage(eventId: number, rows: readonly ParticipantRow[], size: number, afterId: number): ParticipantPage {
  return { eventId, ...pageOf('participant', rows, size, afterId) };
}
