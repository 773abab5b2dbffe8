import { useRef } from 'react';
import { useWidth } from './use-width';

export interface Bar {
  key: string;
  /** Under the bar (some are skipped when they would overlap). */
  label: string;
  /** Null: suppressed, drawn as a dashed empty bar. */
  value: number | null;
  color: string;
  /** Written above the bar when the chart shows values. */
  valueLabel?: string;
}

const AXIS = '#64748b';
const GRID = '#e2e8f0';
const FONT = 12;
/** Room an x label needs, so labels are thinned out on a narrow chart. */
const LABEL_WIDTH = 44;

/**
 * Vertical bars drawn in SVG at the width they are shown (no chart library: decision 0032),
 * with a zero line, optional y ticks and optional values above the bars.
 */
export function BarChart({
  bars,
  height = 180,
  ticks = [],
  formatTick = String,
  showValues = false,
}: {
  bars: readonly Bar[];
  height?: number;
  /** Y values with a grid line and a label; they also widen the scale. */
  ticks?: readonly number[];
  formatTick?: (value: number) => string;
  showValues?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const left = ticks.length > 0 ? 40 : 4;
  const top = showValues ? FONT + 6 : 6;
  const bottom = FONT + 8;
  const plot = { width: Math.max(width - left - 4, 10), height: height - top - bottom };
  const values = bars.flatMap((bar) => (bar.value === null ? [] : [bar.value]));
  const max = Math.max(0, ...ticks, ...values) || 1;
  const min = Math.min(0, ...ticks, ...values);
  const y = (value: number) => top + ((max - value) / (max - min)) * plot.height;
  const slot = plot.width / Math.max(bars.length, 1);
  const barWidth = Math.max(slot * 0.7, 2);
  const labelStep = Math.ceil((LABEL_WIDTH * bars.length) / plot.width);

  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={height} role="presentation" className="block overflow-visible">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={left + plot.width} y1={y(tick)} y2={y(tick)} stroke={GRID} />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT} fill={AXIS}>
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          const x = left + i * slot + (slot - barWidth) / 2;
          const center = x + barWidth / 2;
          const showLabel = (bars.length - 1 - i) % labelStep === 0;
          return (
            <g key={bar.key}>
              {bar.value === null ? (
                <rect
                  x={x}
                  y={top}
                  width={barWidth}
                  height={plot.height}
                  fill="#f1f5f9"
                  stroke="#94a3b8"
                  strokeDasharray="3 3"
                  rx={2}
                />
              ) : (
                <rect
                  x={x}
                  y={Math.min(y(bar.value), y(0))}
                  width={barWidth}
                  height={Math.max(Math.abs(y(bar.value) - y(0)), 1)}
                  style={{ fill: bar.color }}
                  rx={2}
                />
              )}
              {showValues && bar.valueLabel && bar.value !== null && (
                <text
                  x={center}
                  y={Math.min(y(bar.value), y(0)) - 4}
                  textAnchor="middle"
                  fontSize={FONT}
                  fontWeight={600}
                  fill="#1e293b"
                >
                  {bar.valueLabel}
                </text>
              )}
              {showLabel && (
                <text x={center} y={height - 4} textAnchor="middle" fontSize={FONT} fill={AXIS}>
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
        <line x1={left} x2={left + plot.width} y1={y(0)} y2={y(0)} stroke={AXIS} />
      </svg>
    </div>
  );
}
