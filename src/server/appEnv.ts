// What every route sees. What the app is built from (`AppDeps`) is app.ts's, the composition root.
export interface SessionUser {
  id: string;
  displayName: string;
  brokerSessionExpiresAt: string | null;
  /** When the trader's last import of the broker's fills started (auth/importClock.ts). */
  fillsImportedAt: string | null;
}

export type AppEnv = { Variables: { user: SessionUser } };
