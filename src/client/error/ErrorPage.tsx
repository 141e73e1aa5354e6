import { goToBrokerSignIn } from '../serverData/session.ts';
import './error.css';

export function ErrorPage() {
  return (
    <main className="error-page">
      <article>
        <h1>Authentication Error</h1>
        <p>Failed to authorize. Please try again.</p>
        <button type="button" onClick={() => goToBrokerSignIn()}>
          Retry Login
        </button>
      </article>
    </main>
  );
}
