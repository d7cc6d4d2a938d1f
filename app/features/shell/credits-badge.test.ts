import { describe, expect, it } from 'vitest';
import { creditsBadgeVariant } from './credits-badge';

describe('credits badge', () => {
  it('shows at 10 or fewer: warning above 0, danger at 0', () => {
    expect(creditsBadgeVariant(11)).toBeNull();
    expect(creditsBadgeVariant(10)).toBe('warning');
    expect(creditsBadgeVariant(1)).toBe('warning');
    expect(creditsBadgeVariant(0)).toBe('danger');
  });
});
