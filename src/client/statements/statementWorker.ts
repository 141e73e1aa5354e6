// Reads a statement off the page's thread (statementImport.ts, `readOnDevice`): Papa Parse and the
// parsers run here, and the page stays responsive while a large file is read.
import type { StatementMapping } from '../../domain/statements/mapping.ts';
import type { StatementFormatId } from '../../domain/statements/statement.ts';
import { readWithHeader } from './readWithHeader.ts';

interface ReadRequest {
  text: string;
  format: StatementFormatId | 'auto';
  mappings: StatementMapping[];
}

self.onmessage = (e: MessageEvent<ReadRequest>) => {
  const { text, format, mappings } = e.data;
  postMessage(readWithHeader(text, format, mappings));
};
