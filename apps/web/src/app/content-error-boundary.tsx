import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { isApiError } from '../lib/http';

const ErrorPage = lazy(() => import('../components/error-page').then((m) => ({ default: m.ErrorPage })));

interface State {
  error: unknown;
}

/**
 * Wraps the content area; the shell keys it by path so that it resets on navigation.
 * Shows the generic error page (with the HTTP status when the error came from the API).
 */
export class ContentErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test' && !isApiError(error)) {
      console.warn('Content error', error, info.componentStack);
    }
  }

  override render() {
    if (this.state.error !== null) {
      const error = this.state.error;
      return (
        <Suspense fallback={null}>
          <ErrorPage status={isApiError(error) ? error.status : null} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
