import { Component, type ReactNode } from 'react';
import { isExtensionError, warnExtensionError } from '../lib/extension-errors.ts';
import { AlertIcon } from './icons.tsx';
import { button, card } from './ui.ts';

interface Props {
  title: string;
  text: string;
  retry: string;
  children: ReactNode;
}

/**
 * A page that throws while rendering shows "Page Error" in its place (spec 001 §8) while the header,
 * footer and other pages keep working. The layout keys it by path, so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error): void {
    if (isExtensionError(error)) {
      warnExtensionError(error);
      this.setState({ error: null });
    }
  }

  override render() {
    if (!this.state.error || isExtensionError(this.state.error)) return this.props.children;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className={`${card} p-6`} role="alert">
          <h1 className="flex items-center gap-2 text-xl font-semibold">
            <AlertIcon className="text-red-600 dark:text-red-400" />
            {this.props.title}
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{this.props.text}</p>
          <pre className="mt-4 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
            {this.state.error.message}
          </pre>
          <button type="button" className={`${button.secondary} mt-4`} onClick={() => this.setState({ error: null })}>
            {this.props.retry}
          </button>
        </div>
      </div>
    );
  }
}
