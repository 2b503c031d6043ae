// A QR matrix as one SVG path of its dark modules (one "h1v1h-1z" square each), with a quiet zone.

export interface QrMatrix {
  getWidth(): number;
  getHeight(): number;
  get(x: number, y: number): number;
}

export function qrPath(m: QrMatrix, quiet = 2): { size: number; d: string } {
  let d = '';
  for (let y = 0; y < m.getHeight(); y++) {
    for (let x = 0; x < m.getWidth(); x++) if (m.get(x, y) === 1) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  return { size: m.getWidth() + 2 * quiet, d };
}
