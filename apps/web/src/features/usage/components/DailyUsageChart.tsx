// Daily usage over the last 30 days as a hand-drawn SVG bar chart (no chart library: a few
// hundred bytes instead of a few hundred KB). Geometry lives in model/chartScale.ts.
import { formatKb } from '@portal/domain';
import { useState } from 'react';
import { layoutDailyChart, shortDate, tickLabel, type DailyRecord } from '../model/chartScale';
import styles from './DailyUsageChart.module.css';

const BOX = { width: 340, height: 190, top: 12, right: 6, bottom: 24, left: 34 };

export function DailyUsageChart({ records }: { records: readonly DailyRecord[] }) {
  const [selected, setSelected] = useState<number | null>(null);
  const layout = layoutDailyChart(records, BOX);
  const current = selected ?? records.length - 1;
  const picked = layout.bars[current];

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption} aria-live="polite">
        {picked ? (
          <>
            <span>{current === records.length - 1 ? `今天（${shortDate(picked.date)}）` : shortDate(picked.date)}</span>
            <strong>已用 {formatKb(picked.kb)}</strong>
          </>
        ) : (
          <span>暂无用量记录</span>
        )}
      </figcaption>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={`近${records.length}天每日流量柱状图，单位${layout.axis.unit}`}
        data-testid="daily-usage-chart"
      >
        <text x={2} y={8} className={styles.unit}>
          {layout.axis.unit}
        </text>
        {layout.axis.ticks.map((t, i) => (
          <g key={t}>
            <line
              x1={layout.plot.x}
              x2={layout.plot.x + layout.plot.width}
              y1={layout.tickY[i]}
              y2={layout.tickY[i]}
              className={i === 0 ? styles.base : styles.grid}
            />
            {i > 0 && (
              <text x={layout.plot.x - 5} y={layout.tickY[i] + 3.5} className={styles.tick} textAnchor="end">
                {tickLabel(t)}
              </text>
            )}
          </g>
        ))}
        {layout.bars.map((b, i) => (
          <g key={b.date} onClick={() => setSelected(i)} className={styles.slot}>
            <rect x={b.slotX} y={layout.plot.y} width={b.slotWidth} height={layout.plot.height} fill="transparent" />
            <rect
              x={b.x}
              y={b.y}
              width={b.width}
              height={b.height}
              rx={Math.min(2, b.width / 2)}
              className={i === current ? styles.barActive : i === records.length - 1 ? styles.barToday : styles.bar}
              data-date={b.date}
              data-kb={b.kb}
            />
          </g>
        ))}
        {layout.labelled.map((i) => (
          // the last label (today) is right-aligned so it never sticks out of the chart
          <text
            key={i}
            x={i === records.length - 1 ? BOX.width - BOX.right : layout.bars[i].slotX + layout.bars[i].slotWidth / 2}
            y={BOX.height - 6}
            className={styles.tick}
            textAnchor={i === records.length - 1 ? 'end' : 'middle'}
          >
            {shortDate(layout.bars[i].date)}
          </text>
        ))}
      </svg>
    </figure>
  );
}
