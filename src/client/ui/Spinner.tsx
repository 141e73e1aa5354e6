import './page.css';

export function Spinner() {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span aria-busy="true">Loading...</span>
    </div>
  );
}
