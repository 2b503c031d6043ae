// The file an operator picks for 试导入: what is refused before it is read, and how it is sent.
import { IMPORT_MAX_FILE_BYTES } from '@portal/contract/admin';

export interface PickedFile {
  file_name: string;
  content_base64: string;
}

/** Why a file is refused before it is read (null: it may be tried). */
export function pickRefusal(file: { name: string; size: number }): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return '只支持 CSV 或 XLSX 文件';
  if (file.size > IMPORT_MAX_FILE_BYTES) return '文件不能超过 5 MB';
  return null;
}

/** A data: URL's payload (FileReader's readAsDataURL answers `data:<type>;base64,<payload>`). */
export const base64Of = (dataUrl: string) => dataUrl.replace(/^data:[^,]*,/, '');
