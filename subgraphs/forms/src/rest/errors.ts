import { ConflictError, ForbiddenError, InputError, NotFoundError, type AppError } from '@ems/schema';
import type { FormFailure } from '../domain/types';
import { toFormDTO } from './dto';

/**
 * A refusal of the workflow as the shared error taxonomy, so that the one error middleware turns
 * it into `{ error, message, code, details? }`. Conflicts carry the current FormDTO in
 * `details.current`; refused answers name the rule and the person.
 */
export function toAppError(f: FormFailure): AppError {
  switch (f.kind) {
    case 'invalid':
      return new InputError(f.message, {
        code: f.code,
        details: { rule: f.rule ?? null, personId: f.personId ?? null, violations: f.violations ?? [] },
      });
    case 'forbidden':
      return new ForbiddenError(f.message, { code: f.code, ...(f.personId != null ? { details: { personId: f.personId } } : {}) });
    case 'notFound':
      return new NotFoundError(f.message, { code: f.code });
    case 'conflict':
      return new ConflictError(f.message, { code: f.code, ...(f.current ? { details: { current: toFormDTO(f.current) } } : {}) });
  }
}
