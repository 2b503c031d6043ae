// What happens to a pick of files in the ticket's image uploader (docs/spec/portal-spec.md §5,
// "Uploader"): images only, a file over the size limit is reported and dropped while the rest of the
// pick is kept, and a pick beyond the remaining capacity is truncated. The server checks the
// content by its magic bytes as well.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_EXTENSION = /\.(jpe?g|gif|png|webp|jfif|bmp)$/i;

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export const isImageFile = (f: PickedFile) => f.type.startsWith('image/') || (!f.type && IMAGE_EXTENSION.test(f.name));

export interface SortedPick<T> {
  /** to upload, in the order picked */
  accepted: T[];
  oversize: T[];
  notImage: T[];
  /** good files left out for want of room */
  truncated: number;
}

export function sortPick<T extends PickedFile>(files: readonly T[], room: number, maxBytes = MAX_IMAGE_BYTES): SortedPick<T> {
  const notImage = files.filter((f) => !isImageFile(f));
  const oversize = files.filter((f) => isImageFile(f) && f.size > maxBytes);
  const good = files.filter((f) => isImageFile(f) && f.size <= maxBytes);
  const accepted = good.slice(0, Math.max(0, room));
  return { accepted, oversize, notImage, truncated: good.length - accepted.length };
}

/** One sentence about what was left out, or "" when the whole pick was taken. */
export function pickReport(p: SortedPick<PickedFile>, maxImages: number): string {
  const parts: string[] = [];
  if (p.oversize.length) parts.push(`${p.oversize.map((f) => f.name).join('、')} 超过5MB，未上传`);
  if (p.notImage.length) parts.push(`${p.notImage.map((f) => f.name).join('、')} 不是图片，未上传`);
  if (p.truncated) parts.push(`最多上传${maxImages}张，已忽略多出的${p.truncated}张`);
  return parts.join('；');
}
