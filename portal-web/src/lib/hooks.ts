import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface TimedNotice {
  severity: 'error' | 'info';
  text: string;
}

/** A notice that disappears by itself after `ms` (the contract's failure message shows for 5 s). */
export function useTimedNotice(ms: number): [TimedNotice | null, (notice: TimedNotice) => void, () => void] {
  const [notice, setNotice] = useState<TimedNotice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  const show = useCallback(
    (next: TimedNotice) => {
      clearTimeout(timer.current);
      setNotice(next);
      timer.current = setTimeout(() => setNotice(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, show, clear];
}

/** Whole seconds left of `ms` while `running`; calls `onDone` once at zero. */
export function useCountdown(ms: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!running) return;
    const endsAt = Date.now() + ms;
    setLeft(Math.ceil(ms / 1000));
    const tick = setInterval(() => {
      const remaining = Math.max(0, endsAt - Date.now());
      setLeft(Math.ceil(remaining / 1000));
      if (remaining === 0) {
        clearInterval(tick);
        done.current();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [ms, running]);
  return left;
}

/** Moves keyboard and screen-reader focus to `ref` whenever `key` changes (not on first render). */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: string): void {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    ref.current?.focus();
  }, [key, ref]);
}
