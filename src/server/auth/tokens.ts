import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session ids and OAuth states. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps instead of the secret itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
