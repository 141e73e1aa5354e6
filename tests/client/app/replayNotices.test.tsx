import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announceReplay } from '../../../src/client/app/replayNotices.ts';
import { useNotice } from '../../../src/client/ui/notices.ts';

const shown = () => renderHook(() => useNotice()).result.current?.text;

describe('what the trader hears of a replay', () => {
  it('says how many queued changes were saved, and nothing for a replay that saved none', () => {
    announceReplay({ saved: 0, refused: 1, dropped: 1 });
    expect(shown()).toBeUndefined();
    announceReplay({ saved: 1, refused: 0, dropped: 0 });
    expect(shown()).toBe('Back online: 1 change saved');
    // One notice at a time: the newer replaces it (docs/product.md, "Notices").
    announceReplay({ saved: 11, refused: 1, dropped: 0 });
    expect(shown()).toBe('Back online: 11 changes saved');
  });
});
