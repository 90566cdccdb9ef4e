import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '@bulkparts/shared';

/** Revenue (bars, dollars) and orders (line) per day. Loaded lazily: recharts stays out of the storefront. */
export default function OverviewChart({ days }: { days: AdminOverview['days'] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label={`Revenue and orders per day over the last ${days.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days.map((d) => ({ ...d, date: d.date.slice(5) }))}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={12} />
          <YAxis yAxisId="revenue" fontSize={12} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue ($)" fill="#2563eb" />
          <Line yAxisId="orders" dataKey="orders" name="Orders" stroke="#16a34a" dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
