// Main's social block: a 'Continue with <Provider>' button per configured provider, the last-used one first with a
// 'Last used' label. One view for React's MainBlock (screens/MainBlock.tsx) and the first paint, which loads this small
// module alone to paint the block before React. Google One Tap, when it takes the block's place, is React's alone.
import type { OAuthProvider } from '../../../api/index.ts';
import type { OAuthProviderConfig } from './config.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { BlockViewContext } from '../../shell/blocks.ts';
import { PARTS } from '../../theme/parts.ts';
import { buttonView } from '../../ui/Button.view.ts';
import { h, type ViewChild, type ViewNode } from '../../view/node.ts';
import { oauthProviders } from './config.ts';
import { MARKS, PATHS } from './icons.ts';
import type { OAuthParams } from './machine.ts';
import { browserTraits, oneTapPlacement, orderProviders } from './rules.ts';
import './strings.ts';

/**
 * A provider's mark (decorative; the button's text names the provider), in `currentColor`; a lettered badge for the
 * brands without a path (its letters are generated content, never part of the accessible name).
 */
function providerIconView(provider: OAuthProvider): ViewNode {
  const path = PATHS[provider];
  if (!path) {
    return h(
      'span',
      { part: PARTS.providerIcon, 'data-mark': MARKS[provider] ?? '', 'aria-hidden': 'true' },
      { style: 'oauth.badge' },
    );
  }
  return h(
    'svg',
    {
      part: PARTS.providerIcon,
      width: 20,
      height: 20,
      viewBox: '0 0 24 24',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    {},
    h('path', { d: path, fill: 'currentColor' }, {}),
  );
}

/** The providers' buttons in order, the last used first with its label (also One Tap's fallback). */
export function providerButtonsView(context: BlockViewContext): ViewChild[] {
  const { config, t } = context;
  const { providers, lastUsedFound } = orderProviders(
    oauthProviders(config),
    context.client?.oauth.lastUsedProvider() ?? null,
  );
  return providers.map((provider: OAuthProviderConfig, index) => {
    const type = provider.type as OAuthProvider;
    const lastUsed = lastUsedFound && index === 0;
    const labelId = context.id('last-used');
    const button = buttonView({
      variant: 'secondary',
      extraPart: PARTS.oauthButton,
      disabled: context.busy,
      key: type,
      attributes: { 'data-provider': type, 'aria-describedby': lastUsed ? labelId : undefined },
      on: { click: () => context.start({ product: 'oauth', params: { provider: type } satisfies OAuthParams }) },
      children: [
        providerIconView(type),
        t('oauth.continueWith', { provider: t(`oauth.provider.${type}` as MessageKey) }),
      ],
    });
    if (!lastUsed) return button;
    return h(
      'div',
      {},
      { key: type },
      h('span', { id: labelId, part: PARTS.lastUsed }, { style: 'oauth.lastUsedStyle' }, t('oauth.lastUsed')),
      button,
    );
  });
}

/** The social buttons as one group; nothing where One Tap takes the block's place. */
export function blockView(context: BlockViewContext): ViewChild[] {
  if (oneTapPlacement(context.config, browserTraits())) return [];
  return [
    h(
      'div',
      { part: PARTS.socialButtons, role: 'group', 'aria-label': context.t('oauth.groupLabel') },
      { style: 'buttonColumn' },
      ...providerButtonsView(context),
    ),
  ];
}
