import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { AddReviewForm } from './add-review-form';

const mutateAsync = vi.fn();
vi.mock('../api/create-review', () => ({ useCreateReview: () => ({ mutateAsync }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Designation'), 'Purchasing lead, Acme Tools');
  await user.type(screen.getByLabelText('Your review'), 'Bolts arrived on time and in spec.');
}

describe('AddReviewForm (built from the form kit)', () => {
  it('asks for a rating in the shared schema’s words, and sends the stars as a number', async () => {
    const user = userEvent.setup({ delay: null });
    render(<AddReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a rating from 1 to 5 stars');
    expect(screen.getByRole('radio', { name: '1 star' }).getAttribute('aria-invalid')).toBe('true');
    expect(mutateAsync).not.toHaveBeenCalled();

    mutateAsync.mockResolvedValueOnce({});
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync).toHaveBeenCalledWith({ designation: 'Purchasing lead, Acme Tools', description: 'Bolts arrived on time and in spec.', rating: 4 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you! Your review is live on the home page.'));
  });

  it('puts the server’s field messages under the fields and says the message in a toast', async () => {
    const user = userEvent.setup({ delay: null });
    render(<AddReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    mutateAsync.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION', 'Check the review', { designation: 'Designation must be at most 60 characters' }));
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Designation must be at most 60 characters');
    const designation = screen.getByLabelText('Designation');
    expect(designation.getAttribute('aria-invalid')).toBe('true');
    expect(designation.getAttribute('aria-describedby')).toBe(alert.id);
    expect(toast.error).toHaveBeenCalledWith('Check the review');
  });
});
