import { useEffect, useState, type FormEvent } from 'react';
import { isQuestionType, type QuestionType } from '@ems/schema/rules';
import { graphql } from '../graphql/generated';
import type { QuestionStep_FormFragment } from '../graphql/generated/graphql';
import {
  buildAnswerPayload,
  errorCount,
  fullName,
  initialAnswers,
  isCheckboxType,
  validateAnswers,
  visiblePeople,
  type AnswerPerson,
  type Answers,
  type FieldErrors,
} from '../lib/answers';
import { isMinor, todayIso } from '../lib/dates';
import { formatMoney } from '../lib/money';
import { texts } from '../lib/texts';
import { Notice } from './Notice';

export const QUESTION_STEP_FRAGMENT = graphql(`
  fragment QuestionStep_form on Form {
    question
    questionType
    required
    options {
      value
      label
      currency
      persons {
        personId
        priceMinor
        available
        reason
      }
    }
    numberRange {
      min
      max
    }
    termsUrl
    optionPrice {
      currency
      amountMinor
      per
    }
    people {
      id
      firstName
      lastName
      dateOfBirth
      answer
      hide
    }
  }
`);

const STEP_ERROR_ID = 'question-step-error';

export function controlId(personId: number): string {
  return `answer-${personId}`;
}

function errorId(personId: number): string {
  return `answer-${personId}-error`;
}

/**
 * A question step: one answer per non-hidden person, rendered by question type. The shared rules
 * run before submitting; their messages appear next to the fields they concern.
 */
export function QuestionStep(props: {
  form: QuestionStep_FormFragment;
  pending: boolean;
  canGoBack: boolean;
  submitLabel: string;
  onSubmit: (people: Array<{ id: number; answer: string }>) => void;
  onBack: () => void;
}) {
  const { form, pending } = props;
  const questionType: QuestionType = isQuestionType(form.questionType) ? form.questionType : 'TXT';
  const people = visiblePeople(form.people);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(questionType, form.people));
  const [failedAttempts, setFailedAttempts] = useState(0);
  const errors: FieldErrors =
    failedAttempts > 0
      ? validateAnswers({ questionType, required: form.required, people: form.people, numberRange: form.numberRange }, answers)
      : { byPerson: {}, step: [] };
  const count = errorCount(errors);

  useEffect(() => {
    if (failedAttempts === 0) return;
    const current = validateAnswers({ questionType, required: form.required, people: form.people, numberRange: form.numberRange }, answers);
    const firstPerson = people.find((person) => current.byPerson[person.id]?.length);
    const target = firstPerson ?? people[0];
    if (target) document.getElementById(controlId(target.id))?.focus();
    // Focus moves once per failed attempt (to the first field in error), not while the user types:
    // the answers are read at that moment on purpose, so they are not dependencies.
  }, [failedAttempts]);

  function setAnswer(personId: number, value: string) {
    setAnswers((current) => ({ ...current, [personId]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validateAnswers({ questionType, required: form.required, people: form.people, numberRange: form.numberRange }, answers);
    if (errorCount(found) > 0) {
      setFailedAttempts((n) => n + 1);
      return;
    }
    props.onSubmit(buildAnswerPayload(questionType, form.people, answers));
  }

  const rangeHint =
    questionType === 'NUM' && form.numberRange ? texts.question.numberRange(form.numberRange.min, form.numberRange.max ?? null) : null;
  const priceHint = form.optionPrice
    ? texts.question.optionPrice(formatMoney(form.optionPrice.amountMinor, form.optionPrice.currency), form.optionPrice.per)
    : null;
  const groupHint =
    questionType === 'ITC' && form.required
      ? texts.question.everyoneMustAgree
      : questionType === 'ONE' && form.required
        ? texts.question.atLeastOne
        : null;
  const describedBy =
    [
      groupHint ? 'question-hint' : null,
      rangeHint ? 'range-hint' : null,
      priceHint ? 'price-hint' : null,
      errors.step.length ? STEP_ERROR_ID : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate className="step-form" aria-busy={pending}>
      {count > 0 && <Notice severity="error">{texts.form.fixErrors(count)}</Notice>}
      <fieldset className="question-fieldset" aria-describedby={describedBy}>
        <legend className="visually-hidden">{form.question}</legend>
        <p className="muted required-hint">{form.required ? texts.form.requiredHint : texts.form.optionalHint}</p>
        {groupHint && (
          <p id="question-hint" className="hint">
            {groupHint}
          </p>
        )}
        {questionType === 'ITC' && form.termsUrl && (
          <p className="terms-link">
            <a href={form.termsUrl} target="_blank" rel="noopener noreferrer">
              {texts.question.readTerms}
            </a>{' '}
            <span className="muted">{texts.question.opensInNewTab}</span>
          </p>
        )}
        {priceHint && (
          <p id="price-hint" className="hint option-price" data-testid="option-price">
            {priceHint}
          </p>
        )}
        {rangeHint && (
          <p id="range-hint" className="hint">
            {rangeHint}
          </p>
        )}
        {errors.step.length > 0 && (
          <p id={STEP_ERROR_ID} className="field-error">
            {errors.step.join(' ')}
          </p>
        )}
        <div className={isCheckboxType(questionType) ? 'answers answers-checkboxes' : 'answers'}>
          {people.map((person) => (
            <AnswerControl
              key={person.id}
              questionType={questionType}
              person={person}
              options={form.options ?? []}
              numberRange={form.numberRange ?? null}
              value={answers[person.id] ?? ''}
              errors={errors.byPerson[person.id] ?? []}
              groupInvalid={errors.step.length > 0}
              onChange={(value) => setAnswer(person.id, value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="actions">
        {props.canGoBack && (
          <button type="button" className="button button-secondary" onClick={props.onBack} disabled={pending}>
            {texts.form.back}
          </button>
        )}
        <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
          {pending ? texts.form.submitting : props.submitLabel}
        </button>
      </div>
    </form>
  );
}

function FieldErrorText({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {messages.join(' ')}
    </p>
  );
}

/** One person's answer control for the question type. */
function AnswerControl(props: {
  questionType: QuestionType;
  person: AnswerPerson;
  options: QuestionStep_FormFragment['options'] extends infer O ? NonNullable<O> : never;
  numberRange: { min: number; max?: number | null } | null;
  value: string;
  errors: string[];
  groupInvalid: boolean;
  onChange: (value: string) => void;
}) {
  const { questionType, person, options, value, errors } = props;
  const name = fullName(person);
  const id = controlId(person.id);
  const invalid = errors.length > 0 || props.groupInvalid;
  const describedBy = errors.length > 0 ? errorId(person.id) : undefined;
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const needsOptions = questionType === 'DRP' || questionType === 'SEL' || questionType === 'RDO';
  const kind = needsOptions && options.length === 0 ? 'TXT' : questionType;

  switch (kind) {
    case 'BCB':
    case 'ITC':
    case 'ONE':
      return (
        <div className="field field-check" data-person-id={person.id}>
          <input
            {...common}
            type="checkbox"
            checked={value === '1'}
            onChange={(event) => props.onChange(event.target.checked ? '1' : '0')}
          />
          <label htmlFor={id}>
            {kind !== 'ITC'
              ? name
              : isMinor(person.dateOfBirth, todayIso())
                ? texts.question.agreeOnBehalfOf(name)
                : texts.question.agreeFor(name)}
          </label>
          <FieldErrorText id={errorId(person.id)} messages={errors} />
        </div>
      );
    case 'RDO':
      return (
        <fieldset className="field radio-group" data-person-id={person.id} aria-describedby={describedBy}>
          <legend>{name}</legend>
          {options.map((option, index) => (
            <div className="radio" key={option.value}>
              <input
                type="radio"
                id={index === 0 ? id : `${id}-${index}`}
                name={id}
                value={option.value}
                checked={value === option.value}
                aria-invalid={invalid || undefined}
                onChange={() => props.onChange(option.value)}
              />
              <label htmlFor={index === 0 ? id : `${id}-${index}`}>{option.label}</label>
            </div>
          ))}
          <FieldErrorText id={errorId(person.id)} messages={errors} />
        </fieldset>
      );
    case 'DRP':
    case 'SEL': {
      // Per person: the price beside each choice, and the choices this person may not take,
      // disabled with the reason under the list (issue 23, problems 1 and 5).
      const offerOf = (option: (typeof options)[number]) => option.persons?.find((p) => p.personId === person.id);
      const unavailable = options.flatMap((option) => {
        const offer = offerOf(option);
        return offer && !offer.available ? [offer.reason ?? texts.question.notAvailable] : [];
      });
      const reasonsId = `${id}-unavailable`;
      const selectDescribedBy = [describedBy, unavailable.length ? reasonsId : null].filter(Boolean).join(' ') || undefined;
      return (
        <div className="field" data-person-id={person.id}>
          <label htmlFor={id}>{name}</label>
          <select
            {...common}
            aria-describedby={selectDescribedBy}
            className={kind === 'SEL' ? 'listbox' : undefined}
            size={kind === 'SEL' ? Math.min(Math.max(options.length, 2), 5) : undefined}
            value={value}
            onChange={(event) => props.onChange(event.target.value)}
          >
            {kind === 'DRP' && <option value="">{texts.question.choose}</option>}
            {/* A list box with no matching option gets its first one selected by React, so XS looked
                chosen while the answer was empty and clicking it changed nothing: an unseen empty
                option holds the empty answer instead (issue 23, problem 2). */}
            {kind === 'SEL' && (
              <option value="" hidden>
                {texts.question.choose}
              </option>
            )}
            {options.map((option) => {
              const offer = offerOf(option);
              const price =
                offer?.available && offer.priceMinor !== null && offer.priceMinor !== undefined && option.currency
                  ? formatMoney(offer.priceMinor, option.currency)
                  : null;
              return (
                <option key={option.value} value={option.value} disabled={offer ? !offer.available : undefined}>
                  {offer && !offer.available
                    ? texts.question.optionNotAvailable(option.label)
                    : price
                      ? texts.question.optionWithPrice(option.label, price)
                      : option.label}
                </option>
              );
            })}
          </select>
          {unavailable.length > 0 && (
            <ul id={reasonsId} className="hint unavailable-reasons">
              {unavailable.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          <FieldErrorText id={errorId(person.id)} messages={errors} />
        </div>
      );
    }
    case 'NUM':
      return (
        <div className="field" data-person-id={person.id}>
          <label htmlFor={id}>{name}</label>
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step="any"
            min={props.numberRange?.min}
            max={props.numberRange?.max ?? undefined}
            value={value}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <FieldErrorText id={errorId(person.id)} messages={errors} />
        </div>
      );
    default:
      return (
        <div className="field" data-person-id={person.id}>
          <label htmlFor={id}>{name}</label>
          {needsOptions && <p className="muted">{texts.question.noOptions}</p>}
          <input
            {...common}
            type="text"
            autoComplete="off"
            maxLength={1000}
            value={value}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <FieldErrorText id={errorId(person.id)} messages={errors} />
        </div>
      );
  }
}
