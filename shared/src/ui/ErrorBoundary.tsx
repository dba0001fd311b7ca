import { Component, type ErrorInfo, type ReactNode } from 'react';
import { sendLog } from '@negayno/shared/api';

interface Props {
  /** Names the section in the log. */
  name: string;
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a crash inside one remote: the rest of the page goes on working. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    sendLog('remote_crash', `${this.props.name}: ${error.message} ${info.componentStack ?? ''}`.slice(0, 2000), this.props.name);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
