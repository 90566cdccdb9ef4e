import { useEffect, useId, useRef, type ReactNode } from 'react';
import { toast } from 'react-toastify';

/**
 * A secret the server answers once (an API key, a webhook's signing secret): a title, a warning
 * (announced), the secret to select, a Copy button and 'I have saved it'. Focus moves to the title
 * when it appears, so keyboard and screen reader users land on it.
 */
export function ShownOnceSecret({
  title,
  warning,
  secret,
  testId,
  onDone,
}: {
  title: ReactNode;
  warning: string;
  secret: string;
  /** For the journeys, which read the secret to use it. */
  testId?: string;
  onDone: () => void;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy: select the secret and copy it');
    }
  };
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-box border border-warning p-4">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="font-semibold break-all">
        {title}
      </h3>
      <p role="alert" className="alert alert-warning">
        {warning}
      </p>
      <code className="block break-all rounded bg-base-200 p-2" data-testid={testId}>
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
