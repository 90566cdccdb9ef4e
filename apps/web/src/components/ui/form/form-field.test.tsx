import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFormSchema, MESSAGES, type LoginForm } from '@bulkparts/shared';
import { FieldError, FormError, FormField, NumberField, TextareaField, TextField } from './index';

afterEach(cleanup);

/** The ids an element's aria-describedby names, resolved to their text. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('FormField and TextField', () => {
  it('ties the label to the control, and says nothing while the value is fine', () => {
    render(<TextField label="Email" type="email" registration={{ name: 'email', onChange: vi.fn(), onBlur: vi.fn(), ref: vi.fn() }} />);
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error, describes the control with it and then the hint, and draws the spec’s ❌ as an icon', () => {
    render(
      <FormField label="Quantity" id="qty" hint="50 to 1,000 pieces" error={{ type: 'validate', message: '❌ Minimum order 50 ps' }}>
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Quantity');
    expect(input.id).toBe('qty');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toEqual(['Minimum order 50 ps', '50 to 1,000 pieces']);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Minimum order 50 ps');
    expect(alert.className).toContain('text-red-700');
  });

  it('gives each field its own id, so two forms on a page do not collide', () => {
    const reg = (name: string) => ({ name, onChange: vi.fn(), onBlur: vi.fn(), ref: vi.fn() });
    render(
      <>
        <TextField label="First" registration={reg('a')} error="Wrong" />
        <TextField label="Second" registration={reg('a')} error="Wrong too" />
      </>,
    );
    const [first, second] = [screen.getByLabelText('First'), screen.getByLabelText('Second')];
    expect(first.id).not.toBe(second.id);
    expect(description(first)).toEqual(['Wrong']);
    expect(description(second)).toEqual(['Wrong too']);
  });

  it('shows the shared schema’s messages under the fields of a react-hook-form form, and clears them when fixed', async () => {
    const onValid = vi.fn();
    function Login() {
      const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <TextField label="Email" type="email" registration={register('email')} error={formState.errors.email} />
          <TextField label="Password" type="password" registration={register('password')} error={formState.errors.password} />
          <button type="submit">Login</button>
        </form>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<Login />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([MESSAGES.emailRequired, MESSAGES.passwordRequired].map((m) => m.replace('❌ ', '')));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid).toHaveBeenCalledWith({ email: 'jo@example.com', password: 'secret-42' }, expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('NumberField', () => {
  function Product({ onValid }: { onValid: (v: { price: number; stock: number }) => void }) {
    const { register, handleSubmit } = useForm<{ price: number; stock: number }>();
    return (
      <form onSubmit={handleSubmit(onValid)} noValidate>
        <NumberField label="Price ($)" step="0.01" register={register} name="price" />
        <NumberField label="Stock" register={register} name="stock" />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('hands the form numbers (NaN when empty, for the schema to refuse), with the right phone keyboard', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Product onValid={onValid} />);
    const price = screen.getByLabelText('Price ($)');
    expect(price.getAttribute('type')).toBe('number');
    expect(price.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Stock').getAttribute('inputmode')).toBe('numeric');

    await user.type(price, '2.45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    const [values] = onValid.mock.calls[0]!;
    expect(values.price).toBe(2.45);
    expect(values.stock).toBeNaN();
  });
});

describe('TextareaField', () => {
  it('is a labelled, registered text box with its error', async () => {
    const onValid = vi.fn();
    function Review() {
      const { register, handleSubmit } = useForm<{ description: string }>({ defaultValues: { description: '' } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <TextareaField label="Your review" registration={register('description')} error="Review must be at least 10 characters" />
          <button type="submit">Send</button>
        </form>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<Review />);
    const box = screen.getByLabelText('Your review');
    expect(box.tagName).toBe('TEXTAREA');
    expect(description(box)).toEqual(['Review must be at least 10 characters']);
    await user.type(box, 'Solid bolts');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ description: 'Solid bolts' });
  });
});

describe('FormError and FieldError', () => {
  it('render nothing without a message', () => {
    const { container } = render(
      <>
        <FormError message={null} />
        <FormError message="" />
        <FieldError error={undefined} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('announce a form-level message in the one error colour, as text or as a panel', () => {
    render(
      <>
        <FormError message="Wrong email or password. Check both and try again." />
        <FormError message="Your card was declined." variant="panel" />
      </>,
    );
    const [text, panel] = screen.getAllByRole('alert');
    expect(text!.textContent).toBe('Wrong email or password. Check both and try again.');
    expect(panel!.textContent).toBe('Your card was declined.');
    for (const el of [text!, panel!]) expect(el.className).toContain('text-red-700');
    expect(panel!.className).toContain('bg-red-50');
  });
});
