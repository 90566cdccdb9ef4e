/** A read that failed: the API's message (or the client's, offline) and 'Try again' (pass the query's `refetch`). */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => unknown }) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex flex-wrap justify-between">
      <span>{error.message}</span>
      <button type="button" className="btn btn-sm" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}
