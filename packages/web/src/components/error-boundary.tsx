import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isExtensionError, warnExtensionError } from '../lib/extension-errors.ts';
import { CrashScreen } from './crash-screen.tsx';

interface State {
  error: Error | null;
  componentStack: string;
}

/** Shows the crash screen for render errors; errors raised by browser extensions are only logged. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: '' };
  /** Re-rendering after an extension error is allowed a few times, then it is treated as ours. */
  #extensionRetries = 0;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isExtensionError(error) && this.#extensionRetries < 3) {
      this.#extensionRetries += 1;
      warnExtensionError(error);
      this.setState({ error: null, componentStack: '' });
      return;
    }
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    // An extension's error: render nothing for this commit; componentDidCatch then renders the page again.
    if (isExtensionError(error) && this.#extensionRetries < 3) return null;
    return <CrashScreen error={error} componentStack={componentStack} />;
  }
}
