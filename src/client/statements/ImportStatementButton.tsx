import { lazy, Suspense, useState } from 'react';

// The screen, Papa Parse and the parsers load when the trader asks: none of it is in the first download.
const ImportStatement = lazy(() => import('./ImportStatement.tsx'));

/** Trades → "Import statement" (docs/product.md, "Importing statements"): online or offline. */
export function ImportStatementButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="outline" onClick={() => setOpen(true)}>
        Import statement
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImportStatement onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
