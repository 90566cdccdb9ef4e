/**
 * The spec's texts that the first download of the home page needs (the web's API client, the
 * product cards' availability), in a module of their own: importing `messages.ts` for them placed
 * the whole MESSAGES object in that download (ADR 0005's budget). `MESSAGES` uses these constants.
 */
export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again later';
export const PRODUCT_UNAVAILABLE = 'This product is no longer available';
