import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, findAlert, formAlerts, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { AddReviewForm } from './add-review-form';

afterEach(resetFakeApi);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Designation'), 'Purchasing lead, Acme Tools');
  await user.type(screen.getByLabelText('Your review'), 'Bolts arrived on time and in spec.');
}

describe('AddReviewForm (built from the form kit)', () => {
  it('asks for a rating in the shared schema’s words, and sends the stars as a number', async () => {
    const sent = serveApi((req) => (req.method === 'POST' && req.url === '/api/review' ? json({ _id: 'r1', ...(req.body as object) }, 201) : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<AddReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a rating from 1 to 5 stars');
    expect(screen.getByRole('radio', { name: '1 star' }).getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    const thanks = await findAlert('Thank you! Your review is live on the home page.');
    expect(toastType(thanks)).toBe('success');
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/review',
        body: { designation: 'Purchasing lead, Acme Tools', description: 'Bolts arrived on time and in spec.', rating: 4 },
      },
    ]);
  });

  it('puts the server’s field messages under the fields and says the message in a toast', async () => {
    serveApi((req) =>
      req.url === '/api/review' ? apiError(400, 'VALIDATION', 'Check the review', { designation: 'Designation must be at most 60 characters' }) : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderWithApi(<AddReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await waitFor(() => expect(formAlerts()).toHaveLength(1));
    const alert = formAlerts()[0]!;
    expect(alert.textContent).toBe('Designation must be at most 60 characters');
    const designation = screen.getByLabelText('Designation');
    expect(designation.getAttribute('aria-invalid')).toBe('true');
    expect(designation.getAttribute('aria-describedby')).toBe(alert.id);
    expect(toastType(await findAlert('Check the review'))).toBe('error');
  });
});
