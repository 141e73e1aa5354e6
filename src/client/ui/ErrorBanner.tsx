import './feedback.css';

interface ErrorBannerProps {
  message: string;
  onDismiss: () => void;
  onRetry?: () => void;
}

export function ErrorBanner({ message, onDismiss, onRetry }: ErrorBannerProps) {
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      <span className="error-banner-actions">
        {onRetry && (
          <button type="button" className="outline" onClick={onRetry}>
            Retry
          </button>
        )}
        <button type="button" className="outline secondary" aria-label="Dismiss error" onClick={onDismiss}>
          ×
        </button>
      </span>
    </div>
  );
}
