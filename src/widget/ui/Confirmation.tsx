import { css } from '@emotion/react';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Header } from './Header.tsx';
import { CheckCircleIcon } from './icons.tsx';
import { text as textStyle } from './styles.ts';

const icon = css`
  display: flex;
  justify-content: center;
  color: ${v('colorSuccess')};
`;

export interface ConfirmationProps {
  title: string;
  text: string;
  /** Moves focus to the title when the screen appears after a transition. */
  focusTitle: boolean;
  /** Announces the text politely (a confirmation reached after a step the visitor waited on). */
  announce?: boolean;
}

/** A success screen's body: the title, the check mark and one line (Success, OTP and Passkey Confirmation). */
export function Confirmation({ title, text, focusTitle, announce = false }: ConfirmationProps) {
  return (
    <>
      <Header title={title} focusTitle={focusTitle} />
      <div part={PARTS.successIcon} css={icon}>
        <CheckCircleIcon />
      </div>
      <p part={PARTS.text} css={textStyle} role={announce ? 'status' : undefined}>
        {text}
      </p>
    </>
  );
}
