import type { Request } from 'express';
import busboy from 'busboy';
import { InputError } from '@ems/schema';
import { isAcceptedText } from '@ems/schema/rules';
import { brokenMultipart, requestBodyError, uploadedBytes } from '@ems/service-runtime';
import { uploadFileName, uploadTooLarge, type Upload } from '../domain/commands';

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1000;

export interface MultipartUploadOptions {
  /** Past this the file fails with 413 (IMPORT_MAX_UPLOAD_BYTES). */
  maxBytes: number;
  /**
   * Who may upload, and to what, settled before the body is parsed: a refusal is answered at
   * once, and the body's bytes are discarded as they come, never parsed. Not by closing the
   * connection: the router's proxy would meet a reset while still sending a large body and
   * answer 502 instead of the refusal.
   */
  authorise: () => Promise<unknown>;
}

/**
 * Reads a multipart upload as it streams in: the one file (form field `file`) is handed over as
 * soon as it starts, the other form fields when the whole body has been read (a client may send
 * them before or after the file). Past `maxBytes` the file stream fails with 413; a body that
 * breaks off or that busboy cannot read is 400 BROKEN_MULTIPART. File names are UTF-8, as
 * browsers send them (RFC 7578 §4.2).
 */
export async function readMultipartUpload<T>(
  req: Request,
  options: MultipartUploadOptions,
  onFile: (upload: Upload, fields: Promise<Record<string, string>>) => Promise<T>,
): Promise<T> {
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > options.maxBytes + 64 * 1024) throw uploadTooLarge(options.maxBytes);
  if (!/^multipart\/form-data/i.test(req.get('content-type') ?? '')) {
    throw new InputError('Send the upload as multipart/form-data with the file in the field "file"', { code: 'NOT_MULTIPART' });
  }
  try {
    await options.authorise();
  } catch (err) {
    req.resume();
    throw err;
  }
  return parseUpload(req, options.maxBytes, onFile);
}

function parseUpload<T>(
  req: Request,
  maxBytes: number,
  onFile: (upload: Upload, fields: Promise<Record<string, string>>) => Promise<T>,
): Promise<T> {
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
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: maxBytes },
      });
    } catch {
      reject(new InputError('The multipart body has no boundary', { code: 'NOT_MULTIPART' }));
      return;
    }
    // The first failure is the answer. The parser goes too, so that a file stream still being
    // read fails (busboy destroys it) instead of waiting for bytes that will not come; the rest
    // of the body is read to nowhere.
    const fail = (err: Error) => {
      failFields(err);
      reject(err);
      req.unpipe(parser);
      parser.destroy();
      req.resume();
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new InputError(`Form field ${name} is too long`, { code: 'FIELD_TOO_LONG' }));
      if (!isAcceptedText(name) || !isAcceptedText(value))
        return fail(new InputError(`Form field ${name} contains control characters`, { code: 'INVALID_CHARACTERS' }));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // Heard before anything else: busboy fails this stream when the body breaks off, maybe
      // before the reader has started, and an 'error' nobody hears ends the process.
      stream.on('error', (err) => fail(requestBodyError(err)));
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
      onFile({ fileName, contentType: info.mimeType ?? null, body: uploadedBytes(stream) }, fieldsDone).then(resolve, fail);
    });
    parser.on('filesLimit', () => fail(new InputError('Send exactly one file, in the form field "file"', { code: 'ONE_FILE' })));
    parser.on('fieldsLimit', () => fail(new InputError(`At most ${MAX_FIELDS} form fields`, { code: 'TOO_MANY_FIELDS' })));
    parser.on('error', (err: Error) => fail(requestBodyError(err)));
    parser.on('close', () => {
      settleFields(fields);
      if (!fileSeen) fail(new InputError('The upload has no file: send it in the form field "file"', { code: 'FILE_REQUIRED' }));
    });
    // A client that leaves mid-body: the parser would wait for the rest for ever, and with it a
    // reader holding a transaction.
    req.once('close', () => {
      if (!req.complete) parser.destroy(brokenMultipart(new Error('the request broke off')));
    });
    req.pipe(parser);
  });
}
