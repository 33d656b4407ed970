import type { NumberChange, NumberChangeResult } from './types';

/**
 * Which start-number changes can be applied together (pure; the stored holders are read first).
 * A change is refused when its new bib is asked for by another change too (all of them), or when
 * the bib's holder keeps it, i.e. has no applied change away from it. Refusing one change can
 * make its participant keep a bib another change wanted, so this runs until nothing more is
 * refused. Two participants who swap numbers in one file both get their new ones.
 */
export function planNumberChanges(
  changes: readonly NumberChange[],
  /** The participant holding each asked-for bib in the event now. */
  holders: ReadonlyMap<string, number>,
): NumberChangeResult[] {
  const asked = new Map<string, number>();
  const participants = new Set<number>();
  for (const c of changes) {
    asked.set(c.bib, (asked.get(c.bib) ?? 0) + 1);
    if (participants.has(c.participantId)) throw new Error(`participant ${c.participantId} has two number changes`);
    participants.add(c.participantId);
  }
  const results = new Map<number, NumberChangeResult>();
  const moving = new Set<number>();
  for (const c of changes) {
    if ((asked.get(c.bib) ?? 0) > 1) {
      results.set(c.key, { key: c.key, applied: false, reason: 'BIB_TWICE_IN_FILE', heldByParticipantId: null });
    } else moving.add(c.participantId);
  }
  for (let refusedSome = true; refusedSome;) {
    refusedSome = false;
    for (const c of changes) {
      if (!moving.has(c.participantId)) continue;
      const holder = holders.get(c.bib);
      if (holder === undefined || holder === c.participantId || moving.has(holder)) continue;
      moving.delete(c.participantId);
      results.set(c.key, { key: c.key, applied: false, reason: 'BIB_TAKEN', heldByParticipantId: holder });
      refusedSome = true;
    }
  }
  return changes.map((c) => results.get(c.key) ?? { key: c.key, applied: true, reason: null, heldByParticipantId: null });
}
