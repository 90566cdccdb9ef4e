import { describe, expect, it } from 'vitest';
import { needsApproval } from './company.js';

describe('needsApproval (issue 18)', () => {
  it('sends an order above the member’s spending limit to an approver, not one at or under it', () => {
    expect(needsApproval(50_001, 50_000)).toBe(true);
    expect(needsApproval(50_000, 50_000)).toBe(false);
    expect(needsApproval(100, 50_000)).toBe(false);
  });

  it('never for a member without a limit', () => {
    expect(needsApproval(10_000_000, null)).toBe(false);
  });
});
