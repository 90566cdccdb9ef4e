/** A phone number as people write it: digits, spaces, +, - and (). */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
