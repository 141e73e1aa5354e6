// When the server asks the app to slow down (429 with Retry-After: the trader's fair share of the
// server is used up, docs/product.md "Fair sharing"): nothing is shown as an error, and the sync
// (with the outbox before it) runs again once the server's wait is over. One timer at a time.

let again: () => void = () => {};
let timer: ReturnType<typeof setTimeout> | undefined;

/** What runs once a wait is over: sync.ts registers `syncNow`. */
export function whenAskedAgain(run: () => void): void {
  again = run;
}

/** Runs the registered sync after `seconds` (at least one), unless one is already due. */
export function askAgainIn(seconds: number): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    again();
  }, Math.max(1, seconds) * 1000);
}
