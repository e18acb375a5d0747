// React's side of a product's block view (shell/blocks.ts): the context React's MainBlock renders the view with.
import { useId } from 'react';
import { useWidget } from '../context.ts';
import type { BlockViewContext } from '../shell/blocks.ts';
import type { MainBlockProps } from '../products/types.ts';

export function useBlockViewContext({ root, busy, divided, hasForm }: MainBlockProps): BlockViewContext {
  const { t, send } = useWidget();
  const id = useId();
  const { config, client } = root.context;
  return {
    config,
    t,
    busy,
    client,
    divided,
    hasForm,
    id: (name) => `${id}-${name}`,
    start: (start) => send({ type: 'START', ...start }),
  };
}
