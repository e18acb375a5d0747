// Main's social block (spec section 2), the oauth product's MainBlock: a 'Continue with <Provider>' button per
// configured provider, the last-used one first with a 'Last used' label, or Google One Tap when it is the only way in.
// Part of the product's chunk, loaded only when `oauth` is configured. Rendered inside Main, whose `send` goes to the
// root: a button sends START with its provider, and the root starts the product's machine (machine.ts).
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ONE_TAP_ERRORS, ONE_TAP_PARENT_ID, ONE_TAP_SLOT } from '../constants.ts';
import { useWidget } from '../../../context.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { errorText, visuallyHidden } from '../../../ui/styles.ts';
import type { MainBlockProps } from '../../types.ts';
import type { OneTapMachine } from '../one-tap.ts';
import { browserTraits, oneTapPlacement } from '../rules.ts';
import { useBlockViewContext } from '../../../screens/block-view.ts';
import { registerViewStyles, toReactFragment } from '../../../view/react.ts';
import * as blockStyles from '../block.styles.ts';
import { blockView, providerButtonsView } from '../block.view.ts';

// The block view names its styles; React's renderer gets them here, with the product's chunk.
registerViewStyles('oauth', blockStyles);

const oneTapArea = css`
  display: flex;
  justify-content: center;
  align-items: center;
  overflow: hidden;
  transition: height 0.5s ease-out;
`;

/** The node Google renders an embedded prompt into: in the host's light DOM (Google looks it up by id), slotted in. */
function OneTapMount({ actor, shadow }: { actor: ActorRefFrom<OneTapMachine>; shadow: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current?.getRootNode();
    let node: HTMLElement | null | undefined = ref.current?.querySelector(`#${ONE_TAP_PARENT_ID}`);
    if (shadow && root instanceof ShadowRoot) {
      node = document.createElement('div');
      node.id = ONE_TAP_PARENT_ID;
      node.slot = ONE_TAP_SLOT;
      root.host.append(node);
    }
    if (!node) return;
    const observer = new ResizeObserver(([entry]) =>
      actor.send({ type: 'ONE_TAP_RESIZED', height: entry?.contentRect.height ?? 0 }),
    );
    observer.observe(node);
    actor.send({ type: 'ONE_TAP_MOUNTED' });
    const created = shadow ? node : null;
    return () => {
      observer.disconnect();
      created?.remove();
    };
  }, [actor, shadow]);
  return <div ref={ref}>{shadow ? <slot name={ONE_TAP_SLOT} /> : <div id={ONE_TAP_PARENT_ID} />}</div>;
}

function OneTap({
  actor,
  fallback,
  shadow,
}: {
  actor: ActorRefFrom<OneTapMachine>;
  fallback: ReactNode;
  shadow: boolean;
}) {
  const { t } = useWidget();
  const snapshot = useSelector(actor, (s) => s);
  const { placement, height, error } = snapshot.context;
  if (snapshot.matches({ prompt: 'cancelled' })) {
    // Cancelled or failed: the embedded area collapses; the developer sees why, the visitor gets the Google button.
    return (
      <>
        {error !== ONE_TAP_ERRORS.none && (
          <p part={PARTS.error} css={errorText} role="alert">
            {t(`oneTap.error.${error}` as MessageKey, { host: location.host })}
          </p>
        )}
        {fallback}
      </>
    );
  }
  if (placement !== 'embedded') return null; // floating: Google's prompt (or the browser's) shows over the page
  const pending = snapshot.matches({ prompt: 'mounting' }) || snapshot.matches({ prompt: { active: 'pending' } });
  return (
    <div part={PARTS.oneTap} css={oneTapArea} style={{ height }} aria-busy={pending}>
      {pending && (
        <span role="status">
          <Spinner size={25} />
          <span css={visuallyHidden}>{t('oauth.oneTapLoading')}</span>
        </span>
      )}
      <OneTapMount actor={actor} shadow={shadow} />
    </div>
  );
}

export default function MainBlock(props: MainBlockProps) {
  const { busy, mainActor, root } = props;
  const { config } = root.context;
  const context = useBlockViewContext(props);
  const oneTapActor = mainActor as ActorRefFrom<OneTapMachine> | undefined;
  if (oneTapPlacement(config, browserTraits())) {
    const buttons = toReactFragment(providerButtonsView(context));
    if (oneTapActor) return <OneTap actor={oneTapActor} fallback={buttons} shadow={config.enableShadowDOM} />;
    // While a flow started from the fallback button runs, the root has stopped One Tap: the button stays, busy.
    // Before the root has started One Tap (its code loads after first paint), nothing shows in its place.
    return busy ? buttons : null;
  }
  return toReactFragment(blockView(context));
}
