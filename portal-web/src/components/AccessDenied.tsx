import { useEffect, useRef } from 'react';
import { deniedMessage, texts, type DeniedReason } from '../lib/texts';

/**
 * Shown instead of the form for every access-denied scenario of the contract: missing user key,
 * missing or invalid hash, expired or invalid membership period, user not authorised for the
 * organisation (and an ended session). A helpful sentence, never a technical detail.
 */
export function AccessDenied({ reason }: { reason: DeniedReason }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [reason]);
  return (
    <section className="card card-denied" aria-labelledby="access-denied-title" data-testid="access-denied" data-reason={reason}>
      <h1 id="access-denied-title" tabIndex={-1} ref={heading}>
        {texts.denied.title}
      </h1>
      <p role="alert">{deniedMessage(reason)}</p>
      <p className="muted">{texts.denied.helpFooter}</p>
    </section>
  );
}
