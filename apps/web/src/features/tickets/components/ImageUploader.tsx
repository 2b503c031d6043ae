// Up to nine images for a ticket (docs/spec/portal-spec.md §5, "Uploader"): several at a pick, each
// uploaded at once and shown with its state (uploading, failed, done); what a pick leaves out
// (oversize, not an image, beyond the room) is said under the grid; nothing can be deleted while an
// upload is under way.
import { useRef, useState } from 'react';
import { MAX_TICKET_IMAGES } from '@portal/contract/patterns/tickets';
import { ApiError } from '../../../lib/api';
import { uploadTicketImage } from '../api/uploadTicketImage';
import { pickReport, sortPick } from '../model/imagePicks';
import styles from './ImageUploader.module.css';

type Item =
  | { key: number; name: string; status: 'uploading'; preview: string }
  | { key: number; name: string; status: 'failed'; preview: string; message: string }
  | { key: number; name: string; status: 'done'; preview: string; id: string };

/** The preview as a data: URL: the Content-Security-Policy allows images from 'self', data: and https: only. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface ImageUploaderProps {
  /** the ids of the uploaded images, and whether an upload is still under way */
  onChange(ids: string[], uploading: boolean): void;
  control?: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
}

let nextKey = 1;

export function ImageUploader({ onChange, control }: ImageUploaderProps) {
  const [items, setItems] = useState<Item[]>([]);
  const [report, setReport] = useState('');
  const itemsRef = useRef<Item[]>([]);
  const uploading = items.some((i) => i.status === 'uploading');

  function commit(next: Item[]) {
    itemsRef.current = next;
    setItems(next);
    onChange(
      next.flatMap((i) => (i.status === 'done' ? [i.id] : [])),
      next.some((i) => i.status === 'uploading'),
    );
  }
  const update = (key: number, item: Item) => commit(itemsRef.current.map((i) => (i.key === key ? item : i)));

  async function pick(list: FileList | null) {
    const files = list ? [...list] : [];
    if (files.length === 0) return;
    const sorted = sortPick(files, MAX_TICKET_IMAGES - itemsRef.current.length);
    setReport(pickReport(sorted, MAX_TICKET_IMAGES));
    const added = await Promise.all(
      sorted.accepted.map(async (file) => ({ file, key: nextKey++, preview: await readAsDataUrl(file).catch(() => '') })),
    );
    commit([...itemsRef.current, ...added.map(({ file, key, preview }): Item => ({ key, name: file.name, status: 'uploading', preview }))]);
    await Promise.all(
      added.map(async ({ file, key, preview }) => {
        try {
          const { id } = await uploadTicketImage(file);
          update(key, { key, name: file.name, status: 'done', preview, id });
        } catch (err) {
          update(key, { key, name: file.name, status: 'failed', preview, message: err instanceof ApiError ? err.message : '上传失败' });
        }
      }),
    );
  }

  function remove(key: number) {
    if (uploading) return;
    commit(itemsRef.current.filter((i) => i.key !== key));
  }

  return (
    <div className={styles.uploader}>
      <ul className={styles.grid} aria-label="已选图片">
        {items.map((item) => (
          <li key={item.key} className={styles.item} data-status={item.status}>
            {item.preview && item.status !== 'failed' && <img src={item.preview} alt={item.name} />}
            {item.status === 'uploading' && <span className={styles.state}>上传中…</span>}
            {item.status === 'failed' && (
              <span className={styles.state} role="alert">
                {item.message}
              </span>
            )}
            <button
              type="button"
              className={styles.remove}
              aria-label={`删除图片 ${item.name}`}
              aria-disabled={uploading || undefined}
              title={uploading ? '上传中，暂不能删除' : undefined}
              onClick={() => remove(item.key)}
            >
              ×
            </button>
          </li>
        ))}
        {items.length < MAX_TICKET_IMAGES && (
          <li className={`${styles.item} ${styles.add}`}>
            <span aria-hidden="true">＋</span>
            <span>添加图片</span>
            <input
              type="file"
              accept="image/*"
              multiple
              aria-label={`添加图片（最多${MAX_TICKET_IMAGES}张，每张不超过5MB）`}
              {...control}
              onChange={(e) => {
                void pick(e.target.files);
                e.target.value = '';
              }}
            />
          </li>
        )}
      </ul>
      <p className={styles.hint}>
        {items.length}/{MAX_TICKET_IMAGES} 张，每张不超过5MB
      </p>
      {report && (
        <p className={styles.report} role="status">
          {report}
        </p>
      )}
    </div>
  );
}
