// The widget's screen announcer: a polite status region that names each screen the visitor moves to (its title). It
// exists from the first render and stays mounted across screens: a screen reader announces changes only in a region
// it has already seen, never one inserted together with its text. Errors need no copy here: each field's error line
// is a live region of its own that exists before the error (TextInput, PhoneInput, PasscodeInput), and an error shown
// without a field is a role=alert paragraph. Repeating them here would have them read twice.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toReact } from '../view/react.ts';
import { LIVE_REGION_ATTRIBUTE, liveRegionView } from './LiveRegion.view.ts';

export { LIVE_REGION_ATTRIBUTE };

/** Names the screen the visitor arrived on. */
type Announce = (title: string) => void;

const AnnouncerContext = createContext<Announce | null>(null);

/** Provides the announcer to the screens below it and renders the region after them. */
export function LiveRegion({ children }: { children: ReactNode }) {
  const [spoken, setSpoken] = useState('');
  const announce = useMemo<Announce>(() => (title) => setSpoken(title), []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      {toReact(liveRegionView(spoken))}
    </AnnouncerContext.Provider>
  );
}

/** Announces `title` when the visitor has moved to this screen (`when`), and again if the title changes there. */
export function useScreenAnnouncement(title: string, when: boolean): void {
  const announce = useContext(AnnouncerContext);
  useEffect(() => {
    if (when && title) announce?.(title);
  }, [announce, title, when]);
}
