// IndexedDB for the client suite: Dexie captures the factory on import, so this must load first.
import 'fake-indexeddb/auto';
