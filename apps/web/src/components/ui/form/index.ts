/** The form kit: every form's labels, hints and messages look and read alike (issue 14, ADR 0013). */
export { AddressFields, EMPTY_ADDRESS, type AddressField } from './address-fields';
export { applyFieldErrors } from './apply-field-errors';
export { CellInput } from './cell-input';
export { FileField } from './file-field';
export { FormError, LinesFailureMessage, type LinesFailure } from './form-error';
export { ERROR_TEXT, FieldError, FormField, TextField, type FieldControlProps, type FieldMessage, type FieldProps } from './form-field';
export { NumberField } from './number-field';
export { TextareaField } from './textarea-field';
