import { describe, expect, it } from 'vitest';
import { qrPath } from './qrPath';

const matrix = (rows: number[][]) => ({
  getWidth: () => rows[0]!.length,
  getHeight: () => rows.length,
  get: (x: number, y: number) => rows[y]![x]!,
});

describe('qrPath', () => {
  it('draws the dark modules inside the quiet zone', () => {
    expect(
      qrPath(
        matrix([
          [1, 0],
          [0, 1],
        ]),
        2,
      ),
    ).toEqual({ size: 6, d: 'M2 2h1v1h-1zM3 3h1v1h-1z' });
  });
  it('an empty matrix draws nothing', () => {
    expect(qrPath(matrix([[0]]), 1)).toEqual({ size: 3, d: '' });
  });
});
