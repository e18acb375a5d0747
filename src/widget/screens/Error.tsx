import '../i18n/en-errors.ts';
import '../i18n/en-outcome.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import { PARTS } from '../theme/parts.ts';
import { Header } from '../ui/Header.tsx';
import { LinkedText } from '../ui/LinkedText.tsx';
import { text } from '../ui/styles.ts';
import type { RootScreenProps } from './types.ts';

/** The generic error screen: 'Looks like there was an error!', what went wrong, and a back arrow to Main. */
export default function ErrorScreen({ root, autoFocus }: RootScreenProps) {
  const { t, send } = useWidget();
  return (
    <>
      <Header title={t('error.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text} role="alert">
        <LinkedText text={describeError(t, root.context.errorDescriptor)} />
      </p>
    </>
  );
}
