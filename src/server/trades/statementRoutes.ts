import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { STATEMENT_MAX_BYTES } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { STATEMENT_FORMATS, type StatementFormatId } from '../../domain/statements/statement.ts';
import { BROKER_ACCOUNT_MAX_LENGTH } from '../../domain/statements/statementMessages.ts';
import { isUuid } from '../../domain/validation.ts';
import type { AppEnv } from '../appEnv.ts';
import { type HeavyCalls, heavyCall } from '../http/fairShare.ts';
import { invalid, notFound } from '../refusals.ts';
import type { StatementImport } from './statementImport.ts';

/** What a statement file is sent as: brokers export CSV, TSV or plain text. */
const STATEMENT_TYPES = new Set(['text/csv', 'text/plain', 'text/tab-separated-values']);
const FORMATS: ReadonlySet<string> = new Set(['auto', ...STATEMENT_FORMATS]);

const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** The query's account, format, dryRun and brokerAccount, each checked before the body is read. */
function importQuery(query: (name: string) => string | undefined) {
  const account = query('account') ?? '';
  // An account that is not an id names none of the trader's, as a path id would (http/pathId.ts).
  if (!isUuid(account)) throw notFound(messages.accountNotFound);
  const format = query('format') ?? 'auto';
  if (!FORMATS.has(format)) throw invalid([{ field: 'format', message: messages.statementFormatUnknown }]);
  const dryRun = query('dryRun') ?? '0';
  if (dryRun !== '0' && dryRun !== '1')
    throw invalid([{ field: 'dryRun', message: messages.statementDryRunInvalid }]);
  // One of the file's broker accounts, as the file writes it (a file of several: src/domain/statements/fileAccounts.ts).
  const brokerAccount = query('brokerAccount');
  if (
    brokerAccount !== undefined &&
    (brokerAccount === '' || brokerAccount.length > BROKER_ACCOUNT_MAX_LENGTH)
  )
    throw invalid([{ field: 'brokerAccount', message: messages.statementBrokerAccountInvalid }]);
  return {
    accountId: account.toLowerCase(),
    format: format as StatementFormatId | 'auto',
    dryRun: dryRun === '1',
    brokerAccount,
  };
}

/**
 * `POST /fills/import?account=&format=&dryRun=`: a broker's statement file as the body
 * (docs/product.md, "Importing statements"). Its body limit is its own (app.ts leaves this call to
 * it); the file is read only after the query, the type and the trader's turn (http/fairShare.ts).
 */
export function statementRoutes(imports: StatementImport, heavy: HeavyCalls): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    '/import',
    async (c, next) => {
      // A refusal here leaves the upload unread, so the connection cannot carry another request.
      c.header('Connection', 'close');
      if (!STATEMENT_TYPES.has(mediaType(c.req.header('Content-Type'))))
        return c.json({ message: messages.statementContentType }, 415);
      importQuery((name) => c.req.query(name));
      c.header('Connection', undefined);
      return next();
    },
    heavyCall(heavy, 'statement import'),
    bodyLimit({
      maxSize: STATEMENT_MAX_BYTES,
      onError: (c) => c.json({ message: messages.statementTooLarge }, 413, { Connection: 'close' }),
    }),
    async (c) => {
      const query = importQuery((name) => c.req.query(name));
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw invalid([{ field: 'body', message: messages.statementNotRecognised }]);
      }
      return c.json(await imports.run(c.get('user').id, { ...query, text }));
    },
  );
  return app;
}
