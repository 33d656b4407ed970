import type { ReactNode } from 'react';

/**
 * What the control of a HintedField spreads on itself: its id (the label's target), the hint
 * (and the problem, when there is one) it is described by, and whether it is invalid.
 */
export interface HintedControl {
  id: string;
  'aria-describedby': string;
  'aria-invalid'?: true;
}

/**
 * A form field with a hint between its label and its control; the control names the hint in
 * aria-describedby, so a screen reader reads the hint when the control takes the focus. A
 * `problem` (why the value was refused) is shown under the control, which it describes too.
 */
export function HintedField({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  problem?: ReactNode;
  /** The control, given the attributes that tie it to the label and the hint. */
  children: (control: HintedControl) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const control: HintedControl = problem
    ? { id, 'aria-describedby': `${hintId} ${problemId}`, 'aria-invalid': true }
    : { id, 'aria-describedby': hintId };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={hintId}>
        {hint}
      </p>
      {children(control)}
      {problem && (
        <p className="field-error" id={problemId} data-testid={problemId}>
          {problem}
        </p>
      )}
    </div>
  );
}
