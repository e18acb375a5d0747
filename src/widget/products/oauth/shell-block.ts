// Main's social block as the first-paint shell paints it (src/widget/shell/blocks.ts): the same buttons, order, 'Last
// used' label and marks as screens/MainBlock.tsx, in plain DOM, so a visitor can press 'Continue with Google' before
// React has loaded. Nothing when Google One Tap takes the block's place (React renders that).
import type { OAuthProvider } from '../../../api/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { element } from '../../shell/dom.ts';
import type { ShellBlockContext } from '../../shell/blocks.ts';
import { PARTS } from '../../theme/parts.ts';
import { oauthProviders } from './config.ts';
import { MARKS, PATHS } from './icons.ts';
import type { OAuthParams } from './machine.ts';
import { browserTraits, oneTapPlacement, orderProviders } from './rules.ts';
import './strings.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** The provider's mark, as ProviderIcon.tsx draws it. */
function icon(context: ShellBlockContext, provider: OAuthProvider): Element {
  const path = PATHS[provider];
  if (!path)
    return element('span', {
      part: PARTS.providerIcon,
      class: context.cls('oauthBadge'),
      'data-mark': MARKS[provider] ?? '',
      'aria-hidden': 'true',
    });
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    part: PARTS.providerIcon,
    width: '20',
    height: '20',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(name, value);
  }
  const shape = document.createElementNS(SVG, 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill', 'currentColor');
  svg.append(shape);
  return svg;
}

export function paintBlock(context: ShellBlockContext): HTMLElement | null {
  const { config, t } = context;
  if (oneTapPlacement(config, browserTraits())) return null;
  const lastUsed = context.client()?.oauth.lastUsedProvider() ?? null;
  const { providers, lastUsedFound } = orderProviders(oauthProviders(config), lastUsed);
  const buttons = providers.map((provider, index) => {
    const type = provider.type as OAuthProvider;
    const button = context.button({
      extraPart: PARTS.oauthButton,
      data: { 'data-provider': type },
      content: [icon(context, type), t('oauth.continueWith', { provider: t(`oauth.provider.${type}` as MessageKey) })],
      start: { product: 'oauth', params: { provider: type } satisfies OAuthParams },
    });
    if (!(lastUsedFound && index === 0)) return button;
    const labelId = 'data-auth-login-shell-last-used';
    button.setAttribute('aria-describedby', labelId);
    return element(
      'div',
      {},
      element('span', { id: labelId, part: PARTS.lastUsed, class: context.cls('oauthLastUsed') }, t('oauth.lastUsed')),
      button,
    );
  });
  return element(
    'div',
    {
      part: PARTS.socialButtons,
      class: context.cls('buttonColumn'),
      role: 'group',
      'aria-label': t('oauth.groupLabel'),
    },
    ...buttons,
  );
}
