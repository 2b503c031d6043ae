// A ticket's image: the file is its owner's only (GET /api/v1/upload/:id needs the token, which an
// <img src> cannot send), so it is fetched with the token and shown as a data: URL (the
// Content-Security-Policy allows images from 'self', data: and https: only).
import { useQuery } from '@tanstack/react-query';
import { local } from '../../../lib/storage';
import styles from './TicketImage.module.css';

async function dataUrlOf(url: string, signal: AbortSignal): Promise<string> {
  const token = local.get('token');
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new Error(`image ${res.status}`);
  const blob = await res.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The holder's own image as a data: URL (also 在线咨询's image messages). */
export const useImageDataUrl = (url: string) =>
  useQuery({ queryKey: ['tickets', 'image', url], queryFn: ({ signal }) => dataUrlOf(url, signal), staleTime: Infinity });

export function TicketImage({ url, alt }: { url: string; alt: string }) {
  const q = useImageDataUrl(url);
  if (q.data) return <img className={styles.image} src={q.data} alt={alt} />;
  return <span className={styles.placeholder}>{q.isError ? '图片加载失败' : '加载中…'}</span>;
}
