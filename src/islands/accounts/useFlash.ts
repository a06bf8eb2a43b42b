import { useEffect, useRef, useState } from 'react';
import { MESSAGE_MS } from './api.ts';

export type Flash = { text: string; kind: 'error' | 'success' } | null;

/** A message shown for 2 seconds (spec: login and registration messages), then cleared. */
export function useFlash(): [Flash, (text: string, kind?: 'error' | 'success') => void] {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  const show = (text: string, kind: 'error' | 'success' = 'error') => {
    if (timer.current) clearTimeout(timer.current);
    setFlash({ text, kind });
    timer.current = setTimeout(() => setFlash(null), MESSAGE_MS);
  };
  return [flash, show];
}
