// The widget's one place that speaks to screen readers on its own: a polite status region that names each new screen
// (its title, when the visitor moved there) and an assertive alert region that reads each new error. Both exist from
// the first render and stay mounted across screens: a screen reader announces changes only in a region it has
// already seen, never one inserted together with its text.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { visuallyHidden } from './styles.ts';

/** Marks the region's container, for tests and for hosts reading the DOM (not a styling part: it is never visible). */
export const LIVE_REGION_ATTRIBUTE = 'data-auth-login-live-region';

interface Announcer {
  /** The visitor arrived on a screen with this title. */
  screen(title: string): void;
  /** The error shown now ('' once none is). */
  error(message: string): void;
}

const AnnouncerContext = createContext<Announcer | null>(null);

interface Spoken {
  screen: string;
  error: string;
  /** Bumped for each new error, so the alert is re-inserted and read again even when its text repeats. */
  errorCount: number;
}

/**
 * Provides the announcer to the screens below it and renders the regions after them. A new screen clears the last
 * error (it belonged to the screen before), then that screen's own error, if any, is announced.
 */
export function LiveRegion({ children }: { children: ReactNode }) {
  const [spoken, setSpoken] = useState<Spoken>({ screen: '', error: '', errorCount: 0 });
  const announcer = useMemo<Announcer>(
    () => ({
      screen: (title) => setSpoken((s) => ({ ...s, screen: title, error: '' })),
      // The same text again without a clear between is the same error still showing (a product's error handed to
      // Main), not a new one: it is not read twice.
      error: (message) => setSpoken((s) => (s.error === message ? s : { ...s, error: message, errorCount: s.errorCount + 1 })),
    }),
    [],
  );
  return (
    <AnnouncerContext.Provider value={announcer}>
      {children}
      <div {...{ [LIVE_REGION_ATTRIBUTE]: '' }} css={visuallyHidden}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {spoken.screen}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {spoken.error && <span key={spoken.errorCount}>{spoken.error}</span>}
        </div>
      </div>
    </AnnouncerContext.Provider>
  );
}

/** Announces `title` when the visitor has moved to this screen (`when`), and again if the title changes there. */
export function useScreenAnnouncement(title: string, when: boolean): void {
  const announcer = useContext(AnnouncerContext);
  useEffect(() => {
    if (when && title) announcer?.screen(title);
  }, [announcer, title, when]);
}

/** Announces the error a screen shows (`''` for none) each time it changes; `null`: this view shows none of its own. */
export function useErrorAnnouncement(message: string | null): void {
  const announcer = useContext(AnnouncerContext);
  useEffect(() => {
    if (message !== null) announcer?.error(message);
  }, [announcer, message]);
}
