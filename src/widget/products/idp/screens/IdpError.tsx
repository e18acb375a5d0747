// The title is the outcome table's 'Looks like there was an error!': the screen loads that table itself, as the
// root's Error screen does.
import '../../../i18n/en-outcome.ts';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { IdpMachine } from '../machine.ts';

/**
 * The consent or logout page cannot go on (spec section 8): 'Looks like there was an error!' with a link's missing
 * parameter, or the service's message for a failed preflight. No way back: the page belongs to the app's request.
 */
export default function IdpError({ state, autoFocus }: ProductScreenProps<SnapshotFrom<IdpMachine>>) {
  const { t } = useWidget();
  const { request, errorDescriptor } = state.context;
  const message =
    request.flow === 'invalid'
      ? t('consent.missingParameter', { name: request.missing })
      : describeError(t, errorDescriptor);
  return (
    <>
      <Header title={t('error.title')} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text} role="alert">
        {message}
      </p>
    </>
  );
}
