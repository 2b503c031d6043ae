// Pure rules of uploads (table-tested in rules.test.ts). The file's content decides what it is,
// never its name or the Content-Type the browser claims (docs/spec/decisions.md "Uploads").

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** At most 5 MB per image (docs/spec/decisions.md "Uploads": the forms' limit). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by magic bytes, or null for anything that is not a JPEG, PNG, WEBP or GIF. */
export function imageTypeOf(buf: Uint8Array): ImageMime | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Who owns an upload: the session's user, or for a card-number login (user 0) its card. */
export interface UploadOwner {
  userId: number;
  customNum: string;
}

export function ownerOf(auth: { userId: number; customNum: string }): UploadOwner {
  return auth.userId !== 0 ? { userId: auth.userId, customNum: '' } : { userId: 0, customNum: auth.customNum };
}

export function isOwner(row: { owner_user_id: number; owner_custom_num: string }, auth: { userId: number; customNum: string }): boolean {
  const o = ownerOf(auth);
  return row.owner_user_id === o.userId && row.owner_custom_num === o.customNum;
}
