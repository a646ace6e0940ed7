import { describe, expect, it } from 'vitest';
import { ITEM_STATUS_LABELS, ITEM_STATUSES, LANGUAGES, ORDER_STATUS_LABELS, ORDER_STATUSES } from '../src/constants.js';

describe('status labels', () => {
  it('name every order and item status in every language, and nothing else', () => {
    for (const lng of LANGUAGES) {
      expect(Object.keys(ORDER_STATUS_LABELS[lng]).sort(), lng).toEqual([...ORDER_STATUSES].sort());
      expect(Object.keys(ITEM_STATUS_LABELS[lng]).sort(), lng).toEqual([...ITEM_STATUSES].sort());
      for (const text of [...Object.values(ORDER_STATUS_LABELS[lng]), ...Object.values(ITEM_STATUS_LABELS[lng])])
        expect(text.trim(), lng).not.toBe('');
    }
  });

  it('name the statuses waiting for confirmation and served in each language', () => {
    expect(ORDER_STATUS_LABELS.en.NEEDS_CONFIRMATION).toBe('Waiting for confirmation');
    expect(ORDER_STATUS_LABELS.az.ISSUED).toBe('Verilib');
    expect(ORDER_STATUS_LABELS.ru.CANCELLED).toBe('Отменён');
  });
});
