import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/product.md, "Orders": an order is never queued. The order screens call the API directly;
// nothing of them reaches the outbox or the queued changes (sync/outbox.ts, sync/changes.ts).
const folder = join(import.meta.dirname, '../../../src/client/orders');

describe('the order screens', () => {
  it('never import the outbox nor the queued changes', () => {
    const files = readdirSync(folder).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/from\s+['"][^'"]*sync\/(outbox|changes)(\.ts)?['"]/);
      expect(text, file).not.toMatch(/import\(\s*['"][^'"]*sync\/(outbox|changes)/);
    }
  });
});
