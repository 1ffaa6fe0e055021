import { describe, expect, it } from 'vitest';
import { parseStock, restockNotice, sentNotice } from './restock-notice.js';

describe('restock notices', () => {
  it('offers sending when sign-ups wait and the store sends by hand', () => {
    expect(restockNotice({ pending: 2, autoSend: false, sent: 0, failed: 0 }, 'Tee (M)')).toEqual({
      text: 'Tee (M) is back in stock. 2 people asked to hear about it; restock notifications are sent by hand in this store.',
      canSend: true,
    });
  });

  it('reports mail already sent when the store sends at once, and nothing to send without sign-ups', () => {
    expect(restockNotice({ pending: 0, autoSend: true, sent: 1, failed: 0 }, 'Tee')).toEqual({
      text: 'Tee is back in stock: 1 restock notification sent.',
      canSend: false,
    });
    expect(restockNotice({ pending: 0, autoSend: false, sent: 0, failed: 0 }, 'Tee')?.canSend).toBe(false);
    expect(restockNotice(null, 'Tee')).toBeUndefined();
    expect(sentNotice({ sent: 3, failed: 1 }, 'Tee')).toBe(
      '3 restock notifications sent for Tee. 1 could not be sent.',
    );
  });

  it('reads whole stock counts only', () => {
    expect(parseStock(' 12 ')).toEqual({ ok: true, value: 12 });
    for (const bad of ['', '-1', '1.5', 'ten', '1000001']) expect(parseStock(bad).ok).toBe(false);
  });
});
