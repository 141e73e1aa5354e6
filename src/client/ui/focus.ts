/**
 * Where the keyboard's focus goes when what it was on leaves the page (a deleted row, a dialog
 * closed), never to <body>: issue 27. Modal.tsx and useConfirmedDelete.ts use it.
 */

const CONTROL =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), summary';

/**
 * With no better place: in an open dialog its first field, else its first control; on a page its
 * "new" button, else <main> (the skip link's target).
 */
export function fallbackFocus(): HTMLElement | null {
  const dialog = document.querySelector('dialog[open]');
  if (dialog) {
    return (
      dialog.querySelector<HTMLElement>('article > :not(header) :is(input, select, textarea)') ??
      dialog.querySelector<HTMLElement>(CONTROL)
    );
  }
  return document.querySelector<HTMLElement>('main .page-heading > button') ?? document.querySelector('main');
}

/** A row's first action (its Actions cell's first control), else its first control. */
const firstAction = (row: Element) =>
  row.querySelector<HTMLElement>(`.row-actions :is(${CONTROL})`) ?? row.querySelector<HTMLElement>(CONTROL);

const siblings = (row: Element, next: boolean) => {
  const found: Element[] = [];
  for (let s = next ? row.nextElementSibling : row.previousElementSibling; s; ) {
    found.push(s);
    s = next ? s.nextElementSibling : s.previousElementSibling;
  }
  return found;
};

/**
 * Called as `row`'s record is deleted (its neighbours are read now: the list may drop the row
 * before the delete's promise settles). Once the row has left the page and `dialog` (the delete's
 * confirmation) is closed, focus goes to the nearest following row's first action, else the
 * nearest preceding row's, else fallbackFocus(). A row still there after a few seconds (a delete
 * the list still shows) keeps the focus where the dialog returned it. Returns the way to call it
 * off (the delete failed).
 */
export function focusAfterRowRemoval(row: Element, dialog: Element | null): () => void {
  const nearest = [...siblings(row, true), ...siblings(row, false)];
  const observer = new MutationObserver(() => {
    if (row.isConnected || dialog?.isConnected) return;
    stop();
    const target =
      nearest
        .filter((r) => r.isConnected)
        .map(firstAction)
        .find(Boolean) ?? fallbackFocus();
    target?.focus();
  });
  const timer = setTimeout(stop, 5000);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
