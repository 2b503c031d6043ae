import { describe, expect, it } from 'vitest';
import { TurnBudget } from './turnBudget';

function fakeLoop() {
  let now = 0;
  const pending: (() => void)[] = [];
  return {
    budget: (ms: number) =>
      new TurnBudget(
        ms,
        () => now,
        (f) => pending.push(f),
      ),
    spend: (ms: number) => (now += ms),
    endTurn: () => pending.splice(0).forEach((f) => f()),
    turnsOpen: () => pending.length,
  };
}

describe('TurnBudget', () => {
  it('admits requests until the turn has spent its budget, then sheds the rest of the turn', () => {
    const loop = fakeLoop();
    const b = loop.budget(20);
    const answers: boolean[] = [];
    // 30 requests in one turn, each taking 1 ms once admitted
    for (let i = 0; i < 30; i++) {
      const ok = b.admit();
      answers.push(ok);
      if (ok) loop.spend(1);
    }
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.slice(20).every((a) => !a)).toBe(true);
    // one turn open, closed once the loop moves on
    expect(loop.turnsOpen()).toBe(1);
    loop.endTurn();
    expect(b.admit()).toBe(true);
  });

  it('opens a turn only when a request comes, and a quiet loop admits every request', () => {
    const loop = fakeLoop();
    const b = loop.budget(20);
    expect(loop.turnsOpen()).toBe(0);
    for (let i = 0; i < 100; i++) {
      expect(b.admit()).toBe(true);
      loop.spend(5);
      loop.endTurn();
    }
  });
});
