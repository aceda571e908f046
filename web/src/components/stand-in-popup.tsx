import { startTransition, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { lazyComponent } from '../app/lazy-page.js';

/** What a stand-in trigger needs: fetch the pop-up early, and open it. */
export type StandInHandlers = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
};

/**
 * A pop-up (menu, popover, drawer) whose machine loads on first use, not with the page (issue 14): a
 * trigger that looks the same stands in for it; hovering or focusing it fetches the chunk, a click
 * renders the real pop-up open in its place (in a transition, so the button stays until it is there).
 * The loaded component takes `defaultOpen`.
 */
export const standInPopup = <P extends object>(
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>,
) => {
  const Loaded = lazyComponent(load);
  const StandIn = (props: P & { trigger: (handlers: StandInHandlers) => ReactElement }) => {
    const { trigger, ...rest } = props;
    const [clicked, setClicked] = useState(false);
    const handlers: StandInHandlers = {
      onPointerEnter: () => void Loaded.preload(),
      onFocus: () => void Loaded.preload(),
      onClick: () => startTransition(() => setClicked(true)),
    };
    if (!clicked) return trigger(handlers);
    const loadedProps = { ...(rest as P), defaultOpen: true };
    return (
      <Suspense fallback={trigger(handlers)}>
        <Loaded {...loadedProps} />
      </Suspense>
    );
  };
  return Object.assign(StandIn, { preload: Loaded.preload });
};
