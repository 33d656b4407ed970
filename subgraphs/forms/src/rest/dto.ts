import type { FormOption, FormPersonView, FormView } from '../domain/types';

/** The contract's FormPersonDTO, field for field. */
export interface FormPersonDTO {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  status: string;
  canSelect: boolean;
  selected: boolean;
  answer: string | null;
  hide: boolean;
}

/** The contract's FormDTO, field for field (no extras: stepCount and the like are GraphQL's). */
export interface FormDTO {
  processId: string;
  step: number;
  processState: string;
  people: FormPersonDTO[];
  question: string | null;
  questionType: string | null;
  required: boolean;
  /** value and label (contract); currency and persons where the option carries them (docs/forms-api.md). */
  options: FormOption[] | null;
  paymentUrl: string | null;
}

export function toFormPersonDTO(p: FormPersonView): FormPersonDTO {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    status: p.status,
    canSelect: p.canSelect,
    selected: p.selected,
    answer: p.answer,
    hide: p.hide,
  };
}

export function toFormDTO(form: FormView): FormDTO {
  return {
    processId: form.processId,
    step: form.step,
    processState: form.processState,
    people: form.people.map(toFormPersonDTO),
    question: form.question,
    questionType: form.questionType,
    required: form.required,
    options: form.options ? form.options.map(toOptionDTO) : null,
    paymentUrl: form.paymentUrl,
  };
}

/** An option as REST shows it: the contract's value and label, then the same extras as GraphQL when present. */
export function toOptionDTO(o: FormOption): FormOption {
  return {
    value: o.value,
    label: o.label,
    ...(o.currency === undefined ? {} : { currency: o.currency }),
    ...(o.persons === undefined ? {} : { persons: o.persons.map((p) => ({ ...p })) }),
  };
}
