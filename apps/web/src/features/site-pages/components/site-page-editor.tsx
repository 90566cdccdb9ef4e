import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { sitePageInputSchema, type SitePage, type SitePageInput } from '@bulkparts/shared';
import { applyFieldErrors, FormError, TextareaField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSaveSitePage } from '../api/save-site-page';

const resolver = lazyZodResolver<SitePageInput>(() => Promise.resolve(sitePageInputSchema));

/** An admin's form for a page's title and text (issue 33); `onDone` closes it after saving or on Cancel. */
export function SitePageEditor({ page, onDone }: { page: SitePage; onDone: () => void }) {
  const save = useSaveSitePage();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState,
  } = useForm<SitePageInput>({ resolver, defaultValues: { title: page.title, body: page.body } });
  const onSubmit = handleSubmit(async (input) => {
    setError(null);
    try {
      await save.mutateAsync({ slug: page.slug, input });
      toast.success(`${input.title} saved`);
      onDone();
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError)) setError(errorMessage(err, 'Could not save the page. Please try again.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Edit ${page.title}`}>
      <TextField label="Title" registration={register('title')} error={formState.errors.title} />
      <TextareaField
        label="Text"
        hint="Paragraphs apart by a blank line; a line starting with ## is a heading, lines starting with - a list."
        textareaClassName="textarea textarea-bordered h-96 w-full font-mono text-sm"
        registration={register('body')}
        error={formState.errors.body}
      />
      <FormError message={error} />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save page'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
