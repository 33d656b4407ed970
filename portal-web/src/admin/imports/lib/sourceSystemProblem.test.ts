import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { importTexts } from '../texts';
import { sourceSystemProblem } from './sourceSystemProblem';

const texts = importTexts.upload.newSource;
const refused = (extensions: Record<string, unknown>, message = 'The server’s words') =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe('a refused new source system is shown at its field', () => {
  it.each([
    ['SOURCE_SYSTEM_EXISTS', 'name'],
    ['SOURCE_SYSTEM_NAME_REQUIRED', 'name'],
    ['SOURCE_SYSTEM_NAME_TOO_LONG', 'name'],
    ['SOURCE_SYSTEM_NAME_RESERVED', 'name'],
    ['ORGANISATION_REQUIRED', 'organisation'],
    ['ORGANISATION_NOT_FOUND', 'organisation'],
  ])('%s: at the %s, in our words', (code, field) => {
    expect(sourceSystemProblem(refused({ code, status: 400 }))).toEqual({ field, message: texts.problems[code] });
  });

  it('a control character the router refused in the variables: at the name', () => {
    expect(sourceSystemProblem(refused({ code: 'BAD_USER_INPUT', reason: 'INVALID_CHARACTERS' }))).toEqual({
      field: 'name',
      message: texts.problems['INVALID_CHARACTERS'],
    });
  });

  it('another refusal: for the form, in the server’s words; a failed request: our text', () => {
    expect(sourceSystemProblem(refused({ code: 'NOT_AN_OPERATOR', status: 403 }, 'Only operators of an organisation may import'))).toEqual({
      field: null,
      message: 'Only operators of an organisation may import',
    });
    expect(sourceSystemProblem(new TypeError('Failed to fetch'))).toEqual({ field: null, message: texts.failed });
  });
});
