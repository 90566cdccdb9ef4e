import { toast } from 'react-toastify';
import { errorMessage } from './api-client';

/**
 * Runs a user's action (usually a mutation) and reports the outcome in a toast: `success` (text,
 * or built from the result) when it worked, the API's message or `failure` when it did not.
 * Resolves to the result, or `undefined` after a failure, so callers never see a rejection.
 */
export async function withToast<T>(action: () => Promise<T>, success: string | ((result: T) => string), failure: string): Promise<T | undefined> {
  try {
    const result = await action();
    toast.success(typeof success === 'function' ? success(result) : success);
    return result;
  } catch (err) {
    toast.error(errorMessage(err, failure));
    return undefined;
  }
}
