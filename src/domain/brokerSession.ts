/** Warn this long before the broker sign-in ends (Schwab: 7 days after signing in). */
const BROKER_SIGN_IN_WARNING_HOURS = 24;

/**
 * Whether the trader should be told to sign in with the broker again: the sign-in ends within
 * the warning window and has not ended yet (once it has, the server answers 401 anyway).
 */
export function isBrokerSignInEndingSoon(expiresAt: string | null | undefined, now: Date): boolean {
  if (!expiresAt) return false;
  const left = Date.parse(expiresAt) - now.getTime();
  return Number.isFinite(left) && left > 0 && left <= BROKER_SIGN_IN_WARNING_HOURS * 3_600_000;
}
