import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql } from '../graphql/generated';
import type { PersonOverview_FormFragment } from '../graphql/generated/graphql';
import { buildSelectionPayload, fullName, initialSelection, selectionErrors } from '../lib/answers';
import { formatDate } from '../lib/dates';
import { texts } from '../lib/texts';
import { AwaitingPayment } from './AwaitingPayment';
import { StatusBadge } from './StatusBadge';

export const PERSON_OVERVIEW_FRAGMENT = graphql(`
  fragment PersonOverview_form on Form {
    people {
      id
      firstName
      lastName
      dateOfBirth
      status
      canSelect
      selected
    }
  }
`);

function whyDisabled(status: string): string {
  return status === 'Registered' || status === 'Pending Payment' ? texts.people.whyDisabled[status] : texts.people.whyDisabled.other;
}

/**
 * Step 1: the account's persons with date of birth and status. Registered and Pending Payment
 * persons cannot be selected (contract: canSelect false); the check box stays visible, disabled,
 * with the reason next to it. Submitting sends only `{ id }` of each selected person.
 */
export function PersonOverview(props: {
  people: PersonOverview_FormFragment['people'];
  periodId: number;
  pending: boolean;
  submitLabel: string;
  onSubmit: (people: Array<{ id: number }>) => void;
}) {
  const { people, pending } = props;
  const [selected, setSelected] = useState<Set<number>>(() => initialSelection(people));
  // Failed attempts to continue: errors show from the first one on, and each moves focus.
  const [failedAttempts, setFailedAttempts] = useState(0);
  const firstBox = useRef<HTMLInputElement>(null);
  const errors = failedAttempts > 0 ? selectionErrors(people, selected) : [];
  const anySelectable = people.some((person) => person.canSelect);

  useEffect(() => {
    if (failedAttempts > 0) firstBox.current?.focus();
  }, [failedAttempts]);

  function toggle(id: number, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (selectionErrors(people, selected).length > 0) {
      setFailedAttempts((n) => n + 1);
      return;
    }
    props.onSubmit(buildSelectionPayload(people, selected));
  }

  if (people.length === 0) return <p>{texts.people.nobody}</p>;
  let firstSelectableSeen = false;

  return (
    <form onSubmit={submit} noValidate className="step-form" aria-busy={pending}>
      <p>{anySelectable ? texts.people.intro : texts.people.allRegisteredBody}</p>
      {people.some((person) => person.status === 'Pending Payment') && <AwaitingPayment periodId={props.periodId} />}
      <fieldset className="person-fieldset" aria-describedby={errors.length ? 'people-error' : undefined}>
        <legend>{texts.people.legend}</legend>
        {/* Always in the page, so that the message added to it is announced (issue 23, problem 8). */}
        <div role="alert" className="people-error-region">
          {errors.length > 0 && (
            <p id="people-error" className="field-error">
              {errors.join(' ')}
            </p>
          )}
        </div>
        <ul className="person-list">
          {people.map((person) => {
            const inputId = `person-${person.id}`;
            const isFirst = person.canSelect && !firstSelectableSeen;
            if (isFirst) firstSelectableSeen = true;
            const describedBy = [`${inputId}-details`, person.canSelect ? null : `${inputId}-why`].filter(Boolean).join(' ');
            return (
              <li key={person.id} className={person.canSelect ? 'person' : 'person person-disabled'} data-person-id={person.id}>
                <input
                  type="checkbox"
                  id={inputId}
                  ref={isFirst ? firstBox : undefined}
                  checked={person.canSelect && selected.has(person.id)}
                  disabled={!person.canSelect}
                  aria-describedby={describedBy}
                  aria-invalid={errors.length > 0 && person.canSelect ? true : undefined}
                  onChange={(event) => toggle(person.id, event.target.checked)}
                />
                <div className="person-body">
                  <label htmlFor={inputId} className="person-name">
                    {fullName(person)}
                  </label>
                  <div id={`${inputId}-details`} className="person-details">
                    <span>
                      <span className="visually-hidden">{texts.people.dateOfBirth}: </span>
                      {person.dateOfBirth ? formatDate(person.dateOfBirth) : texts.people.dateOfBirthUnknown}
                    </span>
                    <StatusBadge status={person.status} />
                  </div>
                  {!person.canSelect && (
                    <p id={`${inputId}-why`} className="person-why">
                      {whyDisabled(person.status)}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {anySelectable && (
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
            {pending ? texts.form.submitting : props.submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
