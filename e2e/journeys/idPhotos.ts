// Fixtures for the ID-photo journeys: real image files made by the browser's own encoder (a
// canvas drawn like one side of an ID card), and a text file passed off as a photo. Made at run
// time, so no binary fixture sits in the repository and the bytes are what a phone would send.
import type { Page } from 'playwright-core';

export type IdSide = 'front' | 'back';
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One side of an ID card as a JPEG or PNG of 320×200 px, encoded by Chromium's canvas. */
export async function idPhoto(page: Page, side: IdSide, mimeType: 'image/jpeg' | 'image/png'): Promise<FilePayload> {
  const dataUrl = await page.evaluate(
    ([s, type]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const g = canvas.getContext('2d')!;
      g.fillStyle = s === 'front' ? '#dfeaf6' : '#f3ead8';
      g.fillRect(0, 0, 320, 200);
      g.fillStyle = '#8ea3ba';
      if (s === 'front') {
        g.fillRect(214, 36, 80, 100); // the portrait
        for (const [y, w] of [
          [40, 120],
          [70, 90],
          [100, 150],
          [168, 270],
        ] as const)
          g.fillRect(24, y, w, 10);
      } else {
        g.beginPath();
        g.arc(56, 56, 30, 0, Math.PI * 2); // the national emblem's place
        g.fill();
        for (const [y, w] of [
          [40, 150],
          [64, 120],
          [150, 200],
          [170, 200],
        ] as const)
          g.fillRect(104, y, w, 10);
      }
      return canvas.toDataURL(type, 0.85);
    },
    [side, mimeType] as const,
  );
  const buffer = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return { name: `id-${side}.${mimeType === 'image/png' ? 'png' : 'jpg'}`, mimeType, buffer };
}

/** A text file renamed .jpg: the browser calls it image/jpeg by its name; only its bytes tell. */
export function textPretendingToBeJpeg(): FilePayload {
  return { name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片，只是改了扩展名的文本文件。\n', 'utf8') };
}

export const JPEG_MAGIC = [0xff, 0xd8, 0xff];
export const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const startsWithBytes = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);
