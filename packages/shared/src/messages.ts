import { PRODUCT_UNAVAILABLE, TOO_MANY_ATTEMPTS } from './first-load-messages.js';

/** User-facing texts from the specification, kept verbatim so people who know the old app recognise them. */
export const MESSAGES = {
  emailRequired: '❌ Email is Required',
  emailInvalid: '❌ Provide a valid Email',
  passwordRequired: '❌ Password is Required',
  passwordTooShort: '❌ Must be 6 characters or longer',
  nameRequired: '❌ Name is Required',
  quantityRequired: '❌ Minimum order 50 ps and Maximum order 1000ps',
  quantityMin: '❌ Minimum order 50 ps',
  quantityMax: ' Maximum order 1000ps',
  purchaseSuccess: 'Purchase is successfully',
  addProductSuccess: 'Successfully Add product',
  makeAdminSuccess: 'Successfully made an admin',
  makeAdminFailure: 'Failed to Make an admin',
  removeUserSuccess: 'Successfully Remove User',
  resetSent: 'Please Check your email',
  confirm: 'Are you sure?',
  notFound: 'Try Search again or go to Home Page',
  tooManyAttempts: TOO_MANY_ATTEMPTS,
  cardDeclined: 'Your card was declined.',
  confirmEmailToOrder: 'Confirm your email address before ordering',
  /** A cart or order line whose product was archived (or deleted) since it was added. */
  productUnavailable: PRODUCT_UNAVAILABLE,
} as const;
