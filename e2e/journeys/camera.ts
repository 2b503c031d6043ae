// A stand-in camera for the scanning journeys (/bind_card, /cpe_bind): a canvas stream that draws
// a real QR code, which the app decodes like a camera's picture.
import type { Page } from 'playwright-core';
import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';

/** The modules of a QR code of `text` (with its quiet zone), row by row. */
export function qrMatrix(text: string): boolean[][] {
  const hints = new Map([[EncodeHintType.MARGIN, 4]]);
  const m = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return Array.from({ length: m.getHeight() }, (_, y) => Array.from({ length: m.getWidth() }, (_, x) => m.get(x, y)));
}

/** For context.addInitScript(installCamera, qrMatrix(text)): the camera, chosen per test by
 *  localStorage `e2e_camera`: 'qr' streams a canvas that draws the QR code; 'denied' and 'absent'
 *  refuse as a browser does. */
export function installCamera(matrix: boolean[][]) {
  const real = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  const fake = async (constraints?: MediaStreamConstraints): Promise<MediaStream> => {
    const mode = localStorage.getItem('e2e_camera');
    if (mode === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
    if (mode === 'absent') throw new DOMException('Requested device not found', 'NotFoundError');
    if (mode !== 'qr' || !real) return real!(constraints);
    const canvas = document.createElement('canvas');
    const scale = 6;
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    let tick = 0;
    const draw = () => {
      g.fillStyle = tick++ % 2 ? '#fefefe' : '#ffffff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.fillStyle = '#000';
      const size = matrix.length * scale;
      const ox = (canvas.width - size) / 2;
      const oy = (canvas.height - size) / 2;
      matrix.forEach((row, y) => row.forEach((on, x) => on && g.fillRect(ox + x * scale, oy + y * scale, scale, scale)));
    };
    draw();
    setInterval(draw, 100);
    return canvas.captureStream(10);
  };
  if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = fake;
  else Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: fake } });
}

/**
 * Records whether the scanner's dialog (`[role=dialog]` named `name`) came up, from now on. The
 * stand-in camera's first frame is read at once: on a loaded machine the dialog can come and go
 * between two looks of a test, so the test asks afterwards whether it came.
 */
export async function watchScanner(page: Page, name: string): Promise<{ cameUp: () => Promise<boolean> }> {
  await page.evaluate((label) => {
    const w = window as unknown as { __scannerCameUp?: boolean };
    w.__scannerCameUp = false;
    const seen = () => document.querySelector(`[role="dialog"][aria-label="${label}"]`) !== null;
    new MutationObserver(() => {
      if (seen()) w.__scannerCameUp = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, name);
  return { cameUp: () => page.evaluate(() => (window as unknown as { __scannerCameUp?: boolean }).__scannerCameUp === true) };
}
