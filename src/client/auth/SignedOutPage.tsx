import { signInAgain } from '../serverData/session.ts';
import { useOffline } from '../ui/useOffline.ts';
import '../error/error.css';

/** Shown after a logout, and when the app opens offline with nothing cached: no bounce to a broker page that cannot load. */
export function SignedOutPage() {
  const offline = useOffline();
  return (
    <main className="error-page">
      <article>
        <h1>You are signed out</h1>
        <p>Trade Tracker keeps none of your trading data on this device after a logout.</p>
        {offline && <p role="status">You are offline: sign in again when you are back online.</p>}
        <button type="button" disabled={offline} onClick={() => void signInAgain()}>
          Sign in
        </button>
      </article>
    </main>
  );
}
