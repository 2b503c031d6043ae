import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, runtimeProblem } from './runtime';

describe('runtimeProblem', () => {
  it.each([
    ['20.20.2', true],
    ['22.12.0', true],
    ['23.11.1', true],
    ['24.0.0', false],
    ['24.21.0', false],
    ['26.1.0', false],
  ])('Node %s refused: %s', (version, refused) => {
    const problem = runtimeProblem(version);
    expect(problem !== null).toBe(refused);
    if (refused) expect(problem).toContain('npm start');
  });

  it('the tests themselves run on the project runtime', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
  });
});
