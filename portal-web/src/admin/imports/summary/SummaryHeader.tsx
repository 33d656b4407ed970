import { useEffect, useRef } from 'react';
import { Notice } from '../../ui/Notice';
import { formatInstant, importTexts } from '../texts';
import type { SummaryJob } from './summaryQuery';

const texts = importTexts.summary;

const SEVERITY: Readonly<Record<string, 'success' | 'error' | 'info'>> = {
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'info',
  UNDONE: 'info',
};

/**
 * The header switches on the terminal state: COMPLETED, FAILED (a fingerprint abort too: the
 * server's displayState), CANCELLED, and UNDONE once undone. It takes focus, so a screen reader
 * starts here after the host moved on.
 */
export function SummaryHeader({ job, title }: { job: SummaryJob; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const state = job.displayState;
  return (
    <header className="summary-header">
      <p className="muted summary-flow">{title}</p>
      <h1 id="summary-title" ref={heading} tabIndex={-1} data-testid="summary-state" data-state={state}>
        {texts.headers[state] ?? importTexts.states[state] ?? state}
      </h1>
      <p className="muted">
        {[
          texts.of(job.fileName),
          job.event ? texts.into(job.event.name) : '',
          job.finishedAt ? texts.finishedAt(formatInstant(job.finishedAt)) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {job.error && (
        <Notice severity={SEVERITY[state] === 'error' ? 'error' : 'info'} title={texts.error} testId="summary-error">
          {job.error}
        </Notice>
      )}
    </header>
  );
}
