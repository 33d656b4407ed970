import type { ReactNode } from 'react';

/** What the control of a HintedField spreads on itself: its id (the label's target) and the hint it is described by. */
export interface HintedControl {
  id: string;
  'aria-describedby': string;
}

/**
 * A form field with a hint between its label and its control; the control names the hint in
 * aria-describedby, so a screen reader reads the hint when the control takes the focus.
 */
export function HintedField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  /** The control, given the attributes that tie it to the label and the hint. */
  children: (control: HintedControl) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={hintId}>
        {hint}
      </p>
      {children({ id, 'aria-describedby': hintId })}
    </div>
  );
}
