// IndexedDB for the client suite: Dexie captures the factory on import, so this must load first.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fitToShape } from '../../src/client/db/cachedDefaults.ts';
import { fitShapeWith } from '../../src/client/db/db.ts';

// jsdom has <dialog> but not its modal methods; these do what the app relies on.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// jsdom lays nothing out, so it has no scrolling; the app scrolls a form's first error into view.
Element.prototype.scrollIntoView ??= () => {};

afterEach(cleanup);

// As the app's entry (src/client/main.tsx) does: a cache of another shape is fitted as it opens.
fitShapeWith(fitToShape);

// A save now waits for the delta sync that follows it; on a busy 2-core machine (CI, or other
// suites running) that can take past Testing Library's default second to show.
configure({ asyncUtilTimeout: 5000 });
