import { InputError } from '@ems/schema';
import { INVALID_CHARACTERS_CODE, INVALID_CHARACTERS_MESSAGE, isAcceptedText } from '@ems/schema/rules';
import { SELF_SOURCE_NAME } from '../data/sourceSystems';

export const SOURCE_SYSTEM_NAME_MAX_LENGTH = 100;

function refused(message: string, code: string): InputError {
  return new InputError(message, { code, details: { fields: [{ field: 'name', message }] } });
}

/**
 * The name of a new source system as it is stored: one line, its spaces (a tab or line break
 * included) trimmed and folded to one, 1 to 100 characters, passing the text rule, and not
 * this system's own export under any case (that one is the registration system's, made on the
 * first listing). Characters are code points, as an operator counts them.
 */
export function sourceSystemName(sent: string): string {
  if (!isAcceptedText(sent)) throw refused(`The name ${INVALID_CHARACTERS_MESSAGE}`, INVALID_CHARACTERS_CODE);
  const name = sent.replace(/\s+/gu, ' ').trim();
  if (name === '') throw refused('Enter a name for the source system', 'SOURCE_SYSTEM_NAME_REQUIRED');
  if ([...name].length > SOURCE_SYSTEM_NAME_MAX_LENGTH) {
    throw refused(`The name is longer than ${SOURCE_SYSTEM_NAME_MAX_LENGTH} characters`, 'SOURCE_SYSTEM_NAME_TOO_LONG');
  }
  if (name.toLowerCase() === SELF_SOURCE_NAME.toLowerCase()) {
    throw refused(`"${SELF_SOURCE_NAME}" is this system's own export, which exists already`, 'SOURCE_SYSTEM_NAME_RESERVED');
  }
  return name;
}
