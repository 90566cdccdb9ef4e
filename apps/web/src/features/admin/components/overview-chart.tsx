import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';

/** Revenue (bars, dollars) and orders (line) per day. Loaded lazily: recharts stays out of the storefront. */
export default function OverviewChart({ days }: { days: AdminOverview['days'] }) {
  // What the chart shows, in words: read by screen readers and shown on hover (title) for a
  // summary without aiming at a bar.
  const revenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const summary = `Revenue and orders per day over the last ${days.length} days: ${formatDollars(revenue)} revenue, ${orders} orders in all`;
  return (
    <div className="h-72 w-full" role="img" aria-label={summary} title={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days.map((d) => ({ ...d, date: d.date.slice(5) }))}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={12} />
          <YAxis yAxisId="revenue" fontSize={12} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} fontSize={12} />
          <Tooltip formatter={(value, name) => (name === 'Revenue ($)' ? formatDollars(Number(value)) : value)} />
          <Legend />
          {/* The line above the bars (explicit layers), with dots so a day with orders shows even where a bar is tall. */}
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue ($)" fill="#2563eb" fillOpacity={0.55} zIndex={300} />
          <Line yAxisId="orders" dataKey="orders" name="Orders" stroke="#15803d" strokeWidth={2.5} dot={{ r: 3 }} activeDot={{ r: 5 }} zIndex={600} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
