/** A multipart/form-data body with one file field, for upload tests. */
export function multipartFile(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----bulkparts${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(40, 1),
]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 2), Buffer.from([0xff, 0xd9])]);
export const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 3)]);

/** A multipart/form-data body with text fields (a name may repeat) and, optionally, one file, in that order. */
export function multipartForm(
  fields: ReadonlyArray<readonly [string, string]>,
  file?: { bytes: Buffer; filename: string; contentType: string; field?: string },
) {
  const boundary = `----bulkparts${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid-looking PDF (the shop checks the `%PDF-` start, not the rest). */
export const pdfBytes = (text = 'datasheet', pad = 0) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\n`), Buffer.alloc(pad, 0x20), Buffer.from('%%EOF\n')]);
