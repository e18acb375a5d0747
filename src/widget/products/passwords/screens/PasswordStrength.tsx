// The live strength feedback under a new password: the four-bar zxcvbn meter with zxcvbn's warning and suggestions, or
// the LUDS rules still unmet; the breached message under either policy. Renders only the service's last answer.
import { css } from '@emotion/react';
import type { PasswordStrengthCheckResponse } from '../../../../api/index.ts';
import { STRENGTH_METER_BARS } from '../constants.ts';
import { useWidget } from '../../../context.ts';
import type { Translate } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { errorText } from '../../../ui/styles.ts';
import { zxcvbnKey } from '../strings.ts';

/** zxcvbn's English feedback in the page's words when the catalogue has the text (spec section 5), else as sent. */
function zxcvbnText(t: Translate, text: string): string {
  const key = zxcvbnKey(text);
  return key ? t(key) : text;
}

/** Bars lit for a score (spec section 5): 0–1 one, 2 two, 3 three, 4 four; red below 3, green from 3. */
export function meterFor(score: number): { filled: number; color: 'error' | 'success' } {
  return { filled: Math.max(1, Math.min(STRENGTH_METER_BARS, score)), color: score >= 3 ? 'success' : 'error' };
}

const meter = css`
  display: flex;
  gap: 4px;
`;

const bar = css`
  flex: 1;
  height: 4px;
  border-radius: 2px;
  background-color: ${v('colorAccent')};
  &[data-filled='error'] {
    background-color: ${v('colorError')};
  }
  &[data-filled='success'] {
    background-color: ${v('colorSuccess')};
  }
`;

const list = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface PasswordStrengthProps {
  strength: PasswordStrengthCheckResponse | null;
  /** The project's LUDS rules from the bootstrap; null under zxcvbn. */
  luds: { ludsMinimumCount: number; ludsComplexity: number } | null;
  id: string;
}

/** The lines under a new password: LUDS rules still unmet or zxcvbn's feedback, then the breached message. */
export function strengthMessages(
  t: Translate,
  strength: PasswordStrengthCheckResponse,
  luds: PasswordStrengthProps['luds'],
): string[] {
  const messages: string[] = [];
  if (strength.strength_policy === 'luds') {
    const requirements = strength.feedback.luds_requirements;
    if (requirements.missing_characters > 0 && luds) {
      const count = luds.ludsMinimumCount;
      messages.push(t(count === 1 ? 'password.ludsLength.one' : 'password.ludsLength.other', { count }));
    }
    if (requirements.missing_complexity > 0 && luds) {
      messages.push(t('password.ludsComplexity', { count: luds.ludsComplexity }));
    }
  } else {
    if (strength.feedback.warning) messages.push(zxcvbnText(t, strength.feedback.warning));
    messages.push(...strength.feedback.suggestions.map((s) => zxcvbnText(t, s)));
  }
  if (strength.breached_password) messages.push(t('password.breached'));
  return messages;
}

export function PasswordStrength({ strength, luds, id }: PasswordStrengthProps) {
  const { t } = useWidget();
  if (!strength) return <div id={id} aria-live="polite" />;
  const messages = strengthMessages(t, strength, luds);
  const { filled, color } = meterFor(strength.score);
  return (
    <div id={id} aria-live="polite">
      {strength.strength_policy === 'zxcvbn' && (
        // biome-ignore lint/a11y/useSemanticElements: a <meter> draws its own bar and would hide these styled bars.
        <div
          part={PARTS.strengthMeter}
          css={meter}
          role="meter"
          aria-label={t('password.strengthLabel')}
          aria-valuemin={0}
          aria-valuemax={STRENGTH_METER_BARS}
          aria-valuenow={strength.score}
          aria-valuetext={t('password.strengthValue', { score: strength.score })}
          data-score={strength.score}
        >
          {Array.from({ length: STRENGTH_METER_BARS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of bars that never reorders.
            <div key={i} part={PARTS.strengthBar} css={bar} data-filled={i < filled ? color : undefined} />
          ))}
        </div>
      )}
      {messages.length > 0 && (
        <ul css={list}>
          {messages.map((message) => (
            <li key={message} part={PARTS.error} css={errorText}>
              {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
