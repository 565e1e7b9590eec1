import { Component, Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { RequireAuth } from './RequireAuth.js';
import { RouteLoading, ServiceUnavailable } from '../ui/RouteStatus.js';
import { Toaster } from '../ui/toast/Toaster.js';
import { setNavigator } from './navigation.js';
import { isPublicPath } from './public-paths.js';
import { inOwnTask } from '../lib/tasks.js';
import { SessionProvider } from './auth/session.js';
import { OfflineBanner } from '../ui/OfflineBanner.js';
import { NotFound, screenRoutes, type ScreenRoute } from './routes.js';
import { ShellSkeleton } from './shell/ShellSkeleton.js';

/** Amplify UI and the theme, around every screen but the public landing page (which stays light). */
const loadShell = () => import('./shell/AmplifyShell.js');
const AmplifyShell = lazy(loadShell);

// The first screen's code starts loading beside the shell's, not after it (the shell renders the
// screen, so React alone would fetch them one after the other); each in a task of its own.
if (typeof window !== 'undefined' && !isPublicPath(window.location.pathname)) {
  const first = screenRoutes.find((route) => matchPath(route.path, window.location.pathname));
  for (const load of [loadShell, first?.load]) if (load) inOwnTask(() => void load().catch(() => undefined));
}

function screenRoute({ path, load, Component: Screen, guard }: ScreenRoute) {
  return (
    <Route
      key={path}
      path={path}
      element={
        guard ? (
          <RequireAuth role={guard.role} deniedMessage={guard.deniedMessage} preload={load}>
            <Screen />
          </RequireAuth>
        ) : (
          <Screen />
        )
      }
    />
  );
}

/**
 * While a screen's code (and, the first time, Amplify UI's) loads: a signed-in screen paints its
 * shell at once, header and a skeleton; the other screens show the plain loading status.
 */
function ScreenLoading() {
  const { pathname } = useLocation();
  const route = screenRoutes.find((candidate) => matchPath(candidate.path, pathname));
  return route?.guard ? <ShellSkeleton /> : <RouteLoading />;
}

/** Gives non-React code (the API client) the router's navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);
  return null;
}

/** A new screen starts at the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A screen whose code failed to load (offline, or a new deployment replaced it) offers a reload. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A screen failed to render', error);
  }

  render() {
    return this.state.failed ? (
      <ServiceUnavailable detail="Something went wrong while loading this page. Reloading usually fixes it." />
    ) : (
      this.props.children
    );
  }
}

export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <NavigatorBridge />
        <ScrollToTop />
        <ScreenErrorBoundary>
          <Suspense fallback={<ScreenLoading />}>
            <Routes>
              {screenRoutes.filter((route) => isPublicPath(route.path)).map(screenRoute)}
              <Route element={<AmplifyShell />}>
                {screenRoutes.filter((route) => !isPublicPath(route.path)).map(screenRoute)}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Suspense>
        </ScreenErrorBoundary>
        <OfflineBanner />
        <Toaster />
      </SessionProvider>
    </BrowserRouter>
  );
}
