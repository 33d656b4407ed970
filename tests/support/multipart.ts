import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body (RFC 7578) with text fields and files, as a browser's FormData sends it. */
export function multipartBody(fields: Record<string, string>, files: MultipartFile[]): { body: Buffer; contentType: string } {
  const boundary = `----ems${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The GraphQL multipart request spec's body for one file variable (`$file`). */
export function graphqlUploadBody(query: string, variables: Record<string, unknown>, file: Omit<MultipartFile, 'field'>) {
  return multipartBody(
    { operations: JSON.stringify({ query, variables: { ...variables, file: null } }), map: JSON.stringify({ 0: ['variables.file'] }) },
    [{ ...file, field: '0' }],
  );
}
