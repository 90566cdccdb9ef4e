/** An async payment problem (declined card, server refusal), announced at once. */
export function PaymentAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-box border border-red-300 bg-red-50 p-3 font-medium text-red-700">
      {message}
    </p>
  );
}
