import type { Request } from 'express';
import busboy from 'busboy';
import { InputError } from '@ems/schema';
import { isAcceptedText } from '@ems/schema/rules';
import { uploadFileName, uploadTooLarge, type Upload } from '../domain/commands';

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1000;

/**
 * Reads a multipart upload as it streams in: the one file (form field `file`) is handed over as
 * soon as it starts, the other form fields when the whole body has been read (a client may send
 * them before or after the file). Past `maxBytes` the file stream fails with 413.
 */
export function readMultipartUpload<T>(
  req: Request,
  maxBytes: number,
  onFile: (upload: Upload, fields: Promise<Record<string, string>>) => Promise<T>,
): Promise<T> {
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > maxBytes + 64 * 1024) throw uploadTooLarge(maxBytes);
  if (!/^multipart\/form-data/i.test(req.get('content-type') ?? '')) {
    throw new InputError('Send the upload as multipart/form-data with the file in the field "file"', { code: 'NOT_MULTIPART' });
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let fileSeen = false;
    let settleFields: (f: Record<string, string>) => void = () => {};
    let failFields: (e: Error) => void = () => {};
    const fieldsDone = new Promise<Record<string, string>>((res, rej) => {
      settleFields = res;
      failFields = rej;
    });
    fieldsDone.catch(() => undefined);
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: maxBytes } });
    } catch {
      reject(new InputError('The multipart body has no boundary', { code: 'NOT_MULTIPART' }));
      return;
    }
    const fail = (err: Error) => {
      failFields(err);
      reject(err);
      req.unpipe(parser);
      req.resume();
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new InputError(`Form field ${name} is too long`, { code: 'FIELD_TOO_LONG' }));
      if (!isAcceptedText(name) || !isAcceptedText(value))
        return fail(new InputError(`Form field ${name} contains control characters`, { code: 'INVALID_CHARACTERS' }));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || fileSeen) {
        stream.resume();
        return fail(new InputError('Send exactly one file, in the form field "file"', { code: 'ONE_FILE' }));
      }
      fileSeen = true;
      let fileName: string;
      try {
        fileName = uploadFileName(info.filename);
      } catch (err) {
        stream.resume();
        return fail(err as Error);
      }
      stream.on('limit', () => stream.destroy(uploadTooLarge(maxBytes)));
      onFile({ fileName, contentType: info.mimeType ?? null, body: stream }, fieldsDone).then(resolve, fail);
    });
    parser.on('filesLimit', () => fail(new InputError('Send exactly one file, in the form field "file"', { code: 'ONE_FILE' })));
    parser.on('fieldsLimit', () => fail(new InputError(`At most ${MAX_FIELDS} form fields`, { code: 'TOO_MANY_FIELDS' })));
    parser.on('error', (err: Error) => fail(new InputError(`The multipart body is broken: ${err.message}`, { code: 'BROKEN_MULTIPART' })));
    parser.on('close', () => {
      settleFields(fields);
      if (!fileSeen) fail(new InputError('The upload has no file: send it in the form field "file"', { code: 'FILE_REQUIRED' }));
    });
    req.pipe(parser);
  });
}
