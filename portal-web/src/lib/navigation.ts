import { useSyncExternalStore } from 'react';

/**
 * A very small client-side router: the portal has two routes, so the History API is enough and
 * no router library is shipped. Every change goes through here so that components re-render.
 */
export interface Location {
  pathname: string;
  search: string;
  state: unknown;
}

const listeners = new Set<() => void>();
let snapshot: Location | null = null;

function read(): Location {
  const { pathname, search } = window.location;
  const state: unknown = window.history.state;
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.state !== state) {
    snapshot = { pathname, search, state };
  }
  return snapshot;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, read);
}

export function navigate(url: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const state = options.state ?? null;
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  if (!options.replace) window.scrollTo(0, 0);
  notify();
}

/** Full page load (e.g. the payment provider, or a server route). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
