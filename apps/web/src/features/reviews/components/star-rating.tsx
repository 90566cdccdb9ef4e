export function StarRating({ value }: { value: number }) {
  return (
    <span className="text-warning" role="img" aria-label={`Rated ${value} out of 5`}>
      {'★'.repeat(value)}
      <span className="text-base-300">{'★'.repeat(5 - value)}</span>
    </span>
  );
}
