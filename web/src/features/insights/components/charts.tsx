import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * Named series colours: indigo, teal, amber, rose (the brand first), distinguishable without colour by the legend
 * order.
 */
export const SERIES_COLOURS = ['#4338ca', '#0f766e', '#b45309', '#be123c'];

export interface Series {
  key: string;
  name: string;
}

interface ChartProps<R> {
  data: R[];
  x: string;
  series: Series[];
  /** Label the x axis values (weeks, names). */
  label?: (value: string) => string;
  stacked?: boolean;
  unit?: string;
}

// The picture is for the eye: the wrapping figure carries role="img" and the summary, and the table
// view is the accessible form, so recharts' keyboard layer is off (it would put a focusable
// application inside an image).
export function BarsChart<R>({ data, x, series, label, stacked, unit }: ChartProps<R>) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x as never} tickFormatter={label} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={unit !== undefined} unit={unit} tick={{ fontSize: 12 }} width={48} />
        <Tooltip labelFormatter={label ? (value) => label(String(value)) : undefined} />
        <Legend itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
            stackId={stacked ? 'stack' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function LinesChart<R>({ data, x, series, label, unit }: ChartProps<R>) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x as never} tickFormatter={label} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={unit !== undefined} unit={unit} tick={{ fontSize: 12 }} width={48} />
        <Tooltip labelFormatter={label ? (value) => label(String(value)) : undefined} />
        <Legend itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)} />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
