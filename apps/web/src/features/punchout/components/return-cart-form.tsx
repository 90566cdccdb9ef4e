/**
 * "Return cart to <system>" (issue 32): a plain form post to the server, whose answer is the page
 * that carries the cart to the procurement system (its own CSP lets it post there and nowhere
 * else; this page's may post only to the shop). No script needed.
 */
export function ReturnCartForm({
  systemName,
  disabled = false,
  describedBy,
  small = false,
}: {
  systemName: string;
  disabled?: boolean;
  describedBy?: string;
  small?: boolean;
}) {
  return (
    <form method="post" action="/punchout/return" className="inline">
      <button type="submit" className={`btn btn-primary ${small ? 'btn-sm' : ''}`} disabled={disabled} aria-describedby={describedBy}>
        Return cart to {systemName}
      </button>
    </form>
  );
}
