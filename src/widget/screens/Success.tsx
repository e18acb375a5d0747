import '../i18n/en-outcome.ts';
import { useWidget } from '../context.ts';
import { Confirmation } from '../ui/Confirmation.tsx';
import type { RootScreenProps } from './types.ts';

/** The generic success screen: 'Success!', 'You have successfully logged in.' and a check mark. */
export default function Success({ autoFocus }: RootScreenProps) {
  const { t } = useWidget();
  return <Confirmation title={t('success.title')} text={t('success.text')} focusTitle={autoFocus} />;
}
