// Multipart bodies for app.inject() (it has no form-data builder of its own), and small images.
import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness';

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'photo.png'}"\r\n` +
          `Content-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + JFIF APP0) padded out: the magic bytes are what count. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);

export function upload(t: TestApp, token: string | undefined, parts: FilePart[]) {
  const { payload, headers } = multipart(parts);
  return t.inject({
    method: 'POST',
    url: '/api/v1/upload',
    payload,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
}

/** Uploads a PNG and answers its id. */
export async function uploadPng(t: TestApp, token: string): Promise<string> {
  const res = await upload(t, token, [{ content: PNG }]);
  if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.id as string;
}
