import { describe, expect, it } from 'vitest';
import { byFileIndex } from './byFileIndex';

describe("the head script's route table by file index", () => {
  it('names each file once, in the order first met, and keeps each row’s flag and reads', () => {
    expect(
      byFileIndex({
        '/login': [1, ['/a.js']],
        '/': [0, ['/b.css', '/b.js', '/a.js'], '/v2/x'],
        '/flow': [0, ['/b.css', '/b.js', '/c.js'], '/v2/y', '/v2/z'],
        '/empty': [1, []],
      }),
    ).toEqual({
      files: ['/a.js', '/b.css', '/b.js', '/c.js'],
      rows: { '/login': [1, [0]], '/': [0, [1, 2, 0], '/v2/x'], '/flow': [0, [1, 2, 3], '/v2/y', '/v2/z'], '/empty': [1, []] },
    });
  });

  it('decodes as the head script does: every row’s files as they were', () => {
    const table: Record<string, [number, string[], ...string[]]> = {
      '/': [0, ['/b.css', '/a.js']],
      '/mine': [0, ['/a.js', '/m.js'], '/v2/m'],
    };
    const { files, rows } = byFileIndex(table);
    for (const [path, row] of Object.entries(rows)) expect(row[1].map((i) => files[i])).toEqual(table[path]![1]);
  });
});
