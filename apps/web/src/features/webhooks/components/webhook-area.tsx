import { useEffect, useId, useRef, useState } from 'react';
import type { Webhook } from '@bulkparts/shared';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookList } from './webhook-list';

/** The endpoints, and under them the deliveries of the one picked with its 'Deliveries' button. */
export function WebhookArea() {
  const [shown, setShown] = useState<Webhook | null>(null);
  const deliveriesId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shown) titleRef.current?.focus();
  }, [shown]);
  return (
    <>
      <WebhookList shownId={shown?._id ?? null} onShowDeliveries={setShown} deliveriesId={deliveriesId} />
      {shown && (
        <section id={deliveriesId} aria-labelledby={`${deliveriesId}-title`} className="space-y-3">
          <h3 id={`${deliveriesId}-title`} ref={titleRef} tabIndex={-1} className="text-lg font-semibold break-all">
            Deliveries to {shown.url}
          </h3>
          <WebhookDeliveries key={shown._id} webhook={shown} />
        </section>
      )}
    </>
  );
}
