// Agents in levels, table by table (docs/decisions/0067-agents-in-levels.md): three levels ×
// package kinds × partial and full refunds. Every row checks that the levels' shares add up to the
// order's margin to the fen, that no parent's share is negative, and that refunds take each level's
// part back without ever crossing zero.
import { describe, expect, it } from 'vitest';
import { commissionOfOrder } from './commission';
import {
  levelCosts,
  levelReversals,
  levelShares,
  MAX_AGENT_LEVELS,
  shareProblem,
  subAgentCostProblem,
  subAgentDepthProblem,
  type LevelTerms,
} from './commissionLevels';

const pkg = { cost_fen: 3000, price_fen: 5000 };

describe('levelCosts', () => {
  it.each<[string, LevelTerms[], number[]]>([
    ['top agent alone', [], [3000]],
    ['a cost per package', [{ cost_fen: 3500, share_bp: 0 }], [3000, 3500]],
    ['a share of the parent margin: 60% kept of 2000 → cost 3800', [{ cost_fen: null, share_bp: 6000 }], [3000, 3800]],
    [
      'three levels, cost then share',
      [
        { cost_fen: 3500, share_bp: 0 },
        { cost_fen: null, share_bp: 5000 },
      ],
      [3000, 3500, 4250],
    ],
    [
      'three levels, share then cost',
      [
        { cost_fen: null, share_bp: 8000 },
        { cost_fen: 3900, share_bp: 0 },
      ],
      [3000, 3400, 3900],
    ],
    ['a cost below the parent is raised to it', [{ cost_fen: 2000, share_bp: 0 }], [3000, 3000]],
    ['a cost above retail is cut to it', [{ cost_fen: 9000, share_bp: 0 }], [3000, 5000]],
    ['share 100%: the sub-agent keeps the whole margin', [{ cost_fen: null, share_bp: 10000 }], [3000, 3000]],
    ['share 0%: the parent keeps it all', [{ cost_fen: null, share_bp: 0 }], [3000, 5000]],
    ['a share rounds to the fen', [{ cost_fen: null, share_bp: 3333 }], [3000, 4333]],
  ])('%s', (_name, terms, expected) => {
    expect(levelCosts(pkg, terms)).toEqual(expected);
  });

  it('never falls below the parent when retail is under the platform cost', () => {
    expect(levelCosts({ cost_fen: 6000, price_fen: 5000 }, [{ cost_fen: null, share_bp: 5000 }])).toEqual([6000, 6000]);
  });
});

// the three levels' catalogue costs of the table below: 总代理 3000, 代理 3500, 分销 4250
const THREE = levelCosts(pkg, [
  { cost_fen: 3500, share_bp: 0 },
  { cost_fen: null, share_bp: 5000 },
]);

describe('levelShares: three levels × package kinds', () => {
  it.each([
    // goods, total, discount, costs → shares top first (null: earns none)
    ['package', 5000, 0, THREE, [500, 750, 750]],
    ['package', 5000, 0, [3000, 3500], [500, 1500]],
    ['package', 5000, 0, [3000], [2000]],
    ['package', 5000, 250, THREE, [500, 750, 500]], // a member price comes out of the seller's share
    ['package', 5000, 1000, THREE, [500, 750, -250]], // below its cost: the seller pays the difference, the parents keep theirs
    ['package', 5000, 5000, THREE, [500, 750, -4250]], // free with a voucher
    ['package', 4000, 0, THREE, [500, 500, 0]], // quoted under a level's cost: costs capped at what was sold
    ['upgrade', 2500, 0, THREE, [250, 375, 375]], // half the target's price → half of each level's cost
    ['upgrade', 1, 0, THREE, [0, 0, 0]],
    ['upgrade', 333, 0, THREE, [33, 50, 50]],
    ['upgrade', 1777, 120, THREE, [178, 266, 147]],
    ['package', 5000, 0, [0, 0, 0], [0, 0, 2000]], // the top level always pays the platform's cost
    ['recharge', 5000, 0, THREE, null],
    ['coupon_package', 990, 0, THREE, null],
    ['device', 19900, 0, THREE, null],
  ] as const)('%s total %i discount %i costs %j → %j', (goods, total, discount, costs, expected) => {
    const order = { goods_type: goods, total_fen: total, discount_fen: discount };
    const shares = levelShares(order, pkg, costs);
    expect(shares?.map((s) => s.commission_fen) ?? null).toEqual(expected);
    if (!shares) return;
    // to the fen: the levels' shares are the order's one-level margin
    expect(shares.reduce((a, s) => a + s.commission_fen, 0)).toBe(commissionOfOrder(order, pkg)!.commission_fen);
    for (const s of shares) expect(s.retail_fen - s.discount_fen - s.cost_fen).toBe(s.commission_fen);
    // parents never lose on a sale below them
    for (const s of shares.slice(0, -1)) expect(s.commission_fen).toBeGreaterThanOrEqual(0);
  });

  it('no package in the catalogue: earns none', () => {
    expect(levelShares({ goods_type: 'package', total_fen: 5000, discount_fen: 0 }, null, THREE)).toBeNull();
  });

  it('any upgrade price splits to the fen at three levels', () => {
    for (let total = 0; total <= 5000; total += 7) {
      const order = { goods_type: 'upgrade', total_fen: total, discount_fen: total % 3 };
      const shares = levelShares(order, pkg, THREE)!;
      expect(shares.reduce((a, s) => a + s.commission_fen, 0)).toBe(commissionOfOrder(order, pkg)!.commission_fen);
      expect(Math.min(shares[0]!.commission_fen, shares[1]!.commission_fen)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('levelReversals: partial and full refunds', () => {
  const credits = [500, 750, 750];
  const paid = 5000;

  it.each([
    // refunds in turn (fen) → what each takes back from each level
    ['one whole refund', [5000], [[-500, -750, -750]]],
    [
      'half then the rest',
      [2500, 2500],
      [
        [-250, -375, -375],
        [-250, -375, -375],
      ],
    ],
    [
      'thirds round and the last one evens out',
      [1667, 1667, 1666],
      [
        [-167, -250, -250],
        [-167, -250, -250],
        [-166, -250, -250],
      ],
    ],
    ['a partial refund only', [1000], [[-100, -150, -150]]],
    ['one fen', [1], [[0, 0, 0]]],
  ])('%s', (_name, refunds, expected) => {
    const reversed = [0, 0, 0];
    let refunded = 0;
    refunds.forEach((r, k) => {
      refunded += r;
      // the last refund of the payment: the rest of the payment
      const amounts = levelReversals(credits, refunded >= paid ? paid : r, paid, reversed);
      expect(amounts).toEqual(expected[k]);
      amounts.forEach((a, i) => (reversed[i] = reversed[i]! - a));
    });
    credits.forEach((c, i) => {
      expect(reversed[i]!).toBeLessThanOrEqual(c); // never more than was credited
      expect(c - reversed[i]!).toBeGreaterThanOrEqual(0); // never below zero
    });
    if (refunded >= paid) expect(reversed).toEqual(credits);
  });

  it('a seller in the red is reversed upward, the parents downward', () => {
    expect(levelReversals([500, 750, -250], 5000, 5000)).toEqual([-500, -750, 250]);
    expect(levelReversals([500, 750, -250], 2500, 5000)).toEqual([-250, -375, 125]);
  });

  it('many partial refunds never take back more than the credit, and the whole payment takes it all', () => {
    for (const parts of [
      [1, 1, 4998],
      [333, 333, 333, 4001],
      [4999, 1],
      [100, 200, 300, 400, 4000],
    ]) {
      const reversed = [0, 0, 0];
      let refunded = 0;
      for (const r of parts) {
        refunded += r;
        const amounts = levelReversals(credits, refunded >= paid ? paid : r, paid, reversed);
        amounts.forEach((a, i) => (reversed[i] = reversed[i]! - a));
        reversed.forEach((x, i) => expect(x).toBeLessThanOrEqual(credits[i]!));
      }
      expect(reversed).toEqual(credits);
    }
  });
});

describe('what a parent may set', () => {
  it.each([
    [3500, 3000, 5000, null],
    [3000, 3000, 5000, null],
    [5000, 3000, 5000, null],
    [2999, 3000, 5000, '下级成本价不能低于本级成本价 30.00 元'],
    [5001, 3000, 5000, '下级成本价不能高于零售价 50.00 元'],
    [-1, 0, 5000, '成本价须为不小于 0 的金额，最多两位小数'],
    [35.5, 0, 5000, '成本价须为不小于 0 的金额，最多两位小数'],
  ])('cost %s over parent %i, retail %i → %s', (cost, parent, price, expected) => {
    expect(subAgentCostProblem(cost, parent, price)).toBe(expected);
  });

  it.each([
    [0, null],
    [7000, null],
    [10000, null],
    [10001, '分成比例须为 0%–100%，最多两位小数'],
    [-1, '分成比例须为 0%–100%，最多两位小数'],
  ])('share %i → %s', (bp, expected) => expect(shareProblem(bp)).toBe(expected));

  it('three levels at most', () => {
    expect(MAX_AGENT_LEVELS).toBe(3);
    expect(subAgentDepthProblem(1)).toBeNull();
    expect(subAgentDepthProblem(2)).toBeNull();
    expect(subAgentDepthProblem(3)).toContain('最多 3 级');
  });
});
