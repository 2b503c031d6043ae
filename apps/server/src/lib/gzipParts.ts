// A gzip answer made of parts, most of them the same on every request: each part deflated on its
// own, ended on a byte boundary (a sync flush, not the last block), so the parts' deflated bytes
// follow one another as one deflate stream (RFC 1951), closed by an empty last block and wrapped
// in gzip's header and trailer (RFC 1952). A part that never changes is deflated once; only the
// parts that do are deflated per answer. Used by a holder's first screen (modules/firstScreen):
// gzip of its 45–77 kB HTML at level 6 was 1–2 ms of CPU, a third of the whole answer.
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface Part {
  bytes: Buffer;
  /** `bytes` deflated (deflatedPart); absent: deflated when the answer is made */
  deflated?: Buffer;
}

const deflate = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });

/** A part that stays the same: deflated now, once. */
export function deflatedPart(text: string): Part {
  const bytes = Buffer.from(text);
  return { bytes, deflated: deflate(bytes) };
}

export const plainPart = (text: string): Part => ({ bytes: Buffer.from(text) });

/** The parts one after another, as they are. */
export const joined = (parts: readonly Part[]): Buffer => Buffer.concat(parts.map((p) => p.bytes));

// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
// a last block of fixed codes holding only its end: 1, 01, 0000000
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The parts one after another, gzipped. */
export function gzipJoined(parts: readonly Part[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const p of parts) {
    crc = crc32(p.bytes, crc);
    length += p.bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...parts.map((p) => p.deflated ?? deflate(p.bytes)), LAST_BLOCK, trailer]);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any: boolean | undefined;
  for (const item of header.split(',')) {
    const [coding = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const wanted = q === undefined || Number(q) > 0;
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') named = wanted;
    else if (coding.trim() === '*') any = wanted;
  }
  return named ?? any ?? false;
}
