import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { toast as toastStyle } from './styles.ts';
import type { Toast, ToastsMachine } from './toasts.ts';

const stack = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  &:empty {
    display: none;
  }
`;

const item = css`
  transition: opacity 0.3s;
  &[data-visible='false'] {
    opacity: 0;
  }
  &[data-kind='error'] {
    color: ${v('colorError')};
  }
  &[data-kind='success'] {
    color: ${v('colorSuccess')};
  }
`;

/**
 * The toasts of a stack, newest first. An error toast is announced at once (role=alert), the others politely
 * (role=status); a dismissed toast fades out hidden from assistive technology until the stack removes it.
 */
export function Toaster({
  toasts,
  render,
}: {
  toasts: ActorRefFrom<ToastsMachine>;
  render?: (content: unknown) => ReactNode;
}) {
  const list = useSelector(toasts, (snapshot) => snapshot.context.toasts);
  return (
    <div css={stack}>
      {list.map((toast: Toast) => (
        <div
          key={toast.id}
          part={PARTS.toast}
          css={[toastStyle, item]}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-kind={toast.kind}
          data-visible={String(toast.visible)}
          aria-hidden={toast.visible ? undefined : true}
        >
          {render ? render(toast.content) : String(toast.content)}
        </div>
      ))}
    </div>
  );
}
