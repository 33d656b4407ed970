import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { importTexts } from '../texts';

const texts = importTexts.upload.newSource;

/** Where the new-source-system form shows a refusal: at the name, at the organisation, or for the form. */
export type SourceSystemField = 'name' | 'organisation' | null;

export interface SourceSystemProblem {
  field: SourceSystemField;
  message: string;
}

const FIELD_OF_CODE: Readonly<Record<string, SourceSystemField>> = {
  SOURCE_SYSTEM_NAME_REQUIRED: 'name',
  SOURCE_SYSTEM_NAME_TOO_LONG: 'name',
  SOURCE_SYSTEM_NAME_RESERVED: 'name',
  INVALID_CHARACTERS: 'name',
  SOURCE_SYSTEM_EXISTS: 'name',
  ORGANISATION_REQUIRED: 'organisation',
  ORGANISATION_NOT_FOUND: 'organisation',
};

/**
 * Why createImportSourceSystem was refused, placed at its field by the error's code: our text
 * for a code we know, else the server's message. The router refuses a control character in a
 * variable before the service sees it (BAD_USER_INPUT, reason INVALID_CHARACTERS); the name is
 * the only text the form sends. Anything but a GraphQL refusal (the network) is for the form.
 */
export function sourceSystemProblem(error: unknown): SourceSystemProblem {
  if (!CombinedGraphQLErrors.is(error) || error.errors.length === 0) return { field: null, message: texts.failed };
  const [first] = error.errors;
  const extensions = first!.extensions ?? {};
  const code = extensions['reason'] === 'INVALID_CHARACTERS' ? 'INVALID_CHARACTERS' : String(extensions['code'] ?? '');
  return { field: FIELD_OF_CODE[code] ?? null, message: texts.problems[code] ?? (first!.message.trim() || texts.failed) };
}
