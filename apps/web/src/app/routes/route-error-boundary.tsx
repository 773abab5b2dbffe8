import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { reportError } from '@/lib/platform/sentry';
import { RootError } from './root-error';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The path that failed; going to another page clears the error, as the data router did. */
  failedPath: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedPath: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedPath === null) return { failedPath: props.pathname };
    return state.failedPath === props.pathname ? null : { error: null, failedPath: null };
  }

  override componentDidCatch(error: unknown): void {
    // SPEC.md §8: render errors are reported.
    reportError(error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RootError />;
  }
}

/** The routes' error boundary: reports a render error and shows a friendly way back. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
