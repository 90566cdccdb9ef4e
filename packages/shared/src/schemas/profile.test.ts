import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoFileProblem } from './profile.js';

describe('photoFileProblem', () => {
  it('takes JPEG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(photoFileProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
  });
  it('names the wrong type before the size', () => {
    expect(photoFileProblem({ type: 'image/gif', size: PHOTO_MAX_BYTES + 1 })).toBe('Choose a JPEG, PNG or WebP image');
    expect(photoFileProblem({ type: '', size: 1 })).toBe('Choose a JPEG, PNG or WebP image');
  });
  it('refuses a file over the limit', () => {
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('The image must be at most 2 MB');
  });
});
