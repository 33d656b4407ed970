import { useState, type FormEvent, type ReactNode } from 'react';
import { navigate } from '../../lib/navigation';

/**
 * A list's filter as the operator types it, and applying it: the applied filter lives in the
 * address (another screen links to a filtered list, a reload keeps it), and applying replaces the
 * address, so "back" leaves the list rather than stepping through each search.
 */
export function useAddressFilter<Values>(applied: Values, pathOf: (values: Values) => string) {
  const [draft, setDraft] = useState<Values>(applied);
  function apply(values: Values = draft) {
    setDraft(values);
    navigate(pathOf(values), { replace: true });
  }
  return { draft, setDraft, apply };
}

/** The filter form of a list screen: its fields, "apply", and "clear" where the list offers it. */
export function FilterForm({
  label,
  applyLabel,
  onApply,
  clear,
  actions,
  children,
}: {
  label: string;
  applyLabel: string;
  onApply: () => void;
  clear?: { label: string; onClear: () => void };
  /** Further buttons after apply and clear. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onApply();
  }
  return (
    <form onSubmit={onSubmit} aria-label={label}>
      <div className="filters">{children}</div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          {applyLabel}
        </button>
        {clear && (
          <button type="button" className="button button-secondary" onClick={clear.onClear}>
            {clear.label}
          </button>
        )}
        {actions}
      </div>
    </form>
  );
}
