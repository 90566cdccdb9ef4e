import { useId } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '@bulkparts/shared';
import { FieldError } from '@/components/ui/form';

/** The message of an `events` array's error: on the array, its root, or its first item. */
export function eventsErrorOf(errors: FieldErrors<{ events: string[] }>): string | undefined {
  const e = errors.events;
  return e?.message ?? e?.root?.message ?? e?.[0]?.message;
}

/** The events an endpoint receives, one checkbox each with what it means (`register('events')`). */
export function WebhookEventCheckboxes({ registration, error }: { registration: UseFormRegisterReturn<'events'>; error: string | undefined }) {
  const errorId = useId();
  return (
    <fieldset aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Events</legend>
      <div className="grid gap-1">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2">
            <input type="checkbox" className="checkbox checkbox-sm mt-0.5" value={event} {...registration} />
            <span>
              <code>{event}</code> <span className="text-sm text-base-content/70">{WEBHOOK_EVENT_LABELS[event]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
